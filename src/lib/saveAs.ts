// Saving to the visitor's disk through the browser's own download: an anchor with `download`, clicked and
// let go. The file streams to disk (a signed URL the store answers as an attachment, an export the server
// writes as it reads), which no fetch into memory could do for a large one.

/** Saves what a URL answers; the name is the answer's (Content-Disposition) unless one is given. */
export function saveUrl(url: string, fileName = ''): void {
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = fileName
  anchor.rel = 'noopener'
  anchor.hidden = true
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
}

/** Saves text made in the page as a file. */
export function saveText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  saveUrl(url, fileName)
  // The download has taken the URL once the click is handled; keeping it would hold the text in memory.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
