// The names of the transfer queues' IndexedDB databases (queueStore.ts), in a module of their own that
// imports nothing, so a screen that names one does not bring idb and the store into its chunk.

/** The console's queues: a signed-in user's uploads and downloads. */
export const TRANSFERS_DB_NAME = 'media-console-transfers'
/**
 * A share link visitor's downloads (linkDownloads.ts) are kept in a database of their own, of the same
 * shape: a new store in the console's would need a version change, which waits for every open console tab
 * to let go of the database; and a signed-in user's queue and a visitor's never read each other's records.
 */
export const LINK_TRANSFERS_DB_NAME = 'media-console-link-transfers'
