// Which of a store's hosts a lone signed URL goes to (a file's single PUT, download_url's `url`): each call
// takes the next, so files sent or fetched at once spread over the hosts and each host stays within a
// browser's six connections. A part of a multipart upload takes its part number instead (services/uploads.ts),
// so one file's parts spread too. Per process: several processes each turn their own, which spreads as well.
let turn = 0

/** The next shard; the store signs for hosts[shard % hosts]. */
export function nextShard(): number {
  turn = (turn + 1) % Number.MAX_SAFE_INTEGER
  return turn
}
