// What a file holds, guessed from its name's extension, for the icon of its row: a media library is mostly
// pictures, clips and sound, and a glance should tell them apart.
export type FileKind = 'image' | 'video' | 'audio' | 'document' | 'other'

// Extensions in lower case, separated by spaces.
const KINDS: Record<Exclude<FileKind, 'other'>, string> = {
  image: 'jpg jpeg png gif webp heic heif avif tif tiff bmp svg raw dng cr2 cr3 nef arw orf rw2 psd',
  video: 'mp4 mov m4v avi mkv webm mxf mts m2ts 3gp wmv mpg mpeg r3d braw',
  audio: 'mp3 wav aac m4a flac ogg opus aif aiff wma',
  document: 'pdf txt md rtf doc docx odt pages xls xlsx ods csv numbers ppt pptx odp key json xml html htm',
}

const BY_EXTENSION = new Map<string, FileKind>(
  Object.entries(KINDS).flatMap(([kind, extensions]) =>
    extensions.split(' ').map((extension) => [extension, kind as FileKind] as const),
  ),
)

export function fileKindOf(name: string): FileKind {
  const dot = name.lastIndexOf('.')
  // No dot, or only a leading one (".profile"): no extension.
  if (dot <= 0) return 'other'
  return BY_EXTENSION.get(name.slice(dot + 1).toLowerCase()) ?? 'other'
}
