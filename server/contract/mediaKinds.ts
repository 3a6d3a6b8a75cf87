// What a file holds, guessed from its name's extension: the console's icon for a row, and the listing's
// media_kind. One rule for both sides (src/lib/fileKinds.ts re-exports it). Whether a thumbnail is made does
// not rest on it: the derivative job looks at the content's first bytes (services/derivatives.ts).
export const MEDIA_KINDS = ['image', 'video', 'audio', 'document', 'other'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

// Extensions in lower case, separated by spaces.
const KINDS: Record<Exclude<MediaKind, 'other'>, string> = {
  image: 'jpg jpeg png gif webp heic heif avif tif tiff bmp svg raw dng cr2 cr3 nef arw orf rw2 psd',
  video: 'mp4 mov m4v avi mkv webm mxf mts m2ts 3gp wmv mpg mpeg r3d braw',
  audio: 'mp3 wav aac m4a flac ogg opus aif aiff wma',
  document: 'pdf txt md rtf doc docx odt pages xls xlsx ods csv numbers ppt pptx odp key json xml html htm',
}

const BY_EXTENSION = new Map<string, MediaKind>(
  Object.entries(KINDS).flatMap(([kind, extensions]) =>
    extensions.split(' ').map((extension) => [extension, kind as MediaKind] as const),
  ),
)

/** The kind of a file by its name (or path): its extension's, else 'other'. */
export function mediaKindOf(name: string): MediaKind {
  const base = name.slice(name.lastIndexOf('/') + 1)
  const dot = base.lastIndexOf('.')
  // No dot, or only a leading one (".profile"): no extension.
  if (dot <= 0) return 'other'
  return BY_EXTENSION.get(base.slice(dot + 1).toLowerCase()) ?? 'other'
}
