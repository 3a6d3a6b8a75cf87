// What a file holds, guessed from its name's extension, for the icon of its row: a media library is mostly
// pictures, clips and sound, and a glance should tell them apart. The rule is the server's (the listing's
// media_kind), kept in one place: server/contract/mediaKinds.ts.
export { mediaKindOf as fileKindOf, type MediaKind as FileKind } from '../../server/contract/mediaKinds.ts'
