// A file system that behaves as Chromium's File System Access API does where downloads care, and counts the
// bytes written to it: a writable writes a swap file `<name>.crswap` (`<name>.<n>.crswap` when taken) beside
// the file, copies the file into it first with keepExistingData, and renames it over the file on close();
// a sync access handle (origin private file system only) writes in place and is exclusive; move() renames
// within one file system and refuses to cross between the private one and the user's disk.

/** One file system: the origin's private one, or the user's disk. */
export class FakeFs {
  /** Bytes written to files of this file system, by writes and by copies into swap files. */
  written = 0
  /** Bytes read back through sync access handles. */
  bytesRead = 0
  flushes = 0
  readonly root: FakeDir

  constructor(readonly isPrivate: boolean) {
    this.root = new FakeDir(this, '', null)
  }
}

function domError(name: string, message: string): DOMException {
  return new DOMException(message, name)
}

export class FakeSyncHandle {
  closed = false

  constructor(private readonly file: FakeFile) {}

  read(into: Uint8Array, options: { at: number }): number {
    const bytes = this.file.data.subarray(options.at, options.at + into.byteLength)
    into.set(bytes)
    this.file.fs.bytesRead += bytes.byteLength
    return bytes.byteLength
  }

  write(data: Uint8Array, options: { at: number }): number {
    this.file.writeAt(options.at, data)
    return data.byteLength
  }

  truncate(size: number): void {
    this.file.data = this.file.data.slice(0, size)
  }

  flush(): void {
    this.file.fs.flushes++
  }

  getSize(): number {
    return this.file.data.byteLength
  }

  close(): void {
    this.closed = true
    if (this.file.lock === this) this.file.lock = null
  }
}

export class FakeFile {
  readonly kind = 'file'
  data = new Uint8Array(0)
  lock: FakeSyncHandle | null = null

  constructor(
    readonly fs: FakeFs,
    public name: string,
    public parent: FakeDir,
  ) {}

  writeAt(at: number, bytes: Uint8Array): void {
    const size = Math.max(this.data.byteLength, at + bytes.byteLength)
    if (size > this.data.buffer.byteLength) {
      // Room to grow, so appending chunk after chunk does not copy the file each time.
      const next = new Uint8Array(new ArrayBuffer(Math.max(size, 2 * this.data.buffer.byteLength)), 0, size)
      next.set(this.data)
      this.data = next
    } else if (size > this.data.byteLength) {
      this.data = new Uint8Array(this.data.buffer, 0, size)
    }
    this.data.set(bytes, at)
    this.fs.written += bytes.byteLength
  }

  async getFile(): Promise<Blob> {
    return new Blob([this.data.slice()])
  }

  async createWritable(options: { keepExistingData?: boolean } = {}) {
    if (this.lock) throw domError('NoModificationAllowedError', 'an access handle is open')
    const swap = this.parent.newSwapFile(this.name)
    if (options.keepExistingData) swap.writeAt(0, this.data)
    return fakeWritable(this, swap)
  }

  get createSyncAccessHandle(): (() => Promise<FakeSyncHandle>) | undefined {
    if (!this.fs.isPrivate) return undefined
    return async () => {
      if (this.lock) throw domError('NoModificationAllowedError', 'the file is locked')
      this.lock = new FakeSyncHandle(this)
      return this.lock
    }
  }

  async move(folder: FakeDir, name: string): Promise<void> {
    if (folder.fs !== this.fs) throw domError('InvalidModificationError', 'not across file systems')
    if (this.lock) throw domError('NoModificationAllowedError', 'the file is locked')
    this.parent.entries.delete(this.name)
    this.name = name
    this.parent = folder
    folder.entries.set(name, this)
  }
}

/** A writable over a swap file: writes go to the swap file, close() renames it over the file. */
function fakeWritable(file: FakeFile, swap: FakeFile) {
  let position = 0
  const sink: UnderlyingSink<Uint8Array> = {
    write(chunk) {
      swap.writeAt(position, chunk)
      position += chunk.byteLength
    },
    close() {
      file.data = swap.data
      swap.parent.entries.delete(swap.name)
    },
    abort() {
      swap.parent.entries.delete(swap.name)
    },
  }
  const stream = new WritableStream<Uint8Array>(sink)
  return Object.assign(stream, {
    async write(data: Uint8Array) {
      const writer = stream.getWriter()
      try {
        await writer.write(data)
      } finally {
        writer.releaseLock()
      }
    },
    async seek(to: number) {
      position = to
    },
    async truncate(size: number) {
      swap.data = swap.data.slice(0, size)
      position = Math.min(position, size)
    },
    close: () => WritableStream.prototype.close.call(stream),
    abort: () => WritableStream.prototype.abort.call(stream),
  })
}

export class FakeDir {
  readonly kind = 'directory'
  readonly entries = new Map<string, FakeDir | FakeFile>()

  constructor(
    readonly fs: FakeFs,
    readonly name: string,
    readonly parent: FakeDir | null,
  ) {}

  async getDirectoryHandle(name: string, options: { create?: boolean } = {}): Promise<FakeDir> {
    const entry = this.entries.get(name)
    if (entry instanceof FakeDir) return entry
    if (entry) throw domError('TypeMismatchError', `${name} is a file`)
    if (!options.create) throw domError('NotFoundError', `no directory ${name}`)
    const made = new FakeDir(this.fs, name, this)
    this.entries.set(name, made)
    return made
  }

  async getFileHandle(name: string, options: { create?: boolean } = {}): Promise<FakeFile> {
    const entry = this.entries.get(name)
    if (entry instanceof FakeFile) return entry
    if (entry) throw domError('TypeMismatchError', `${name} is a directory`)
    if (!options.create) throw domError('NotFoundError', `no file ${name}`)
    const made = new FakeFile(this.fs, name, this)
    this.entries.set(name, made)
    return made
  }

  async removeEntry(name: string): Promise<void> {
    const entry = this.entries.get(name)
    if (!entry) throw domError('NotFoundError', `no entry ${name}`)
    if (entry instanceof FakeFile && entry.lock) throw domError('NoModificationAllowedError', 'locked')
    this.entries.delete(name)
  }

  async *keys(): AsyncIterable<string> {
    for (const name of [...this.entries.keys()]) yield name
  }

  async resolve(handle: FakeDir | FakeFile): Promise<string[] | null> {
    if (handle.fs !== this.fs) return null
    const path: string[] = []
    let at: FakeDir | FakeFile | null = handle
    while (at && at !== this) {
      path.unshift(at.name)
      at = at.parent
    }
    return at === this ? path : null
  }

  /** The swap file a writable of `name` gets: the first free of `<name>.crswap`, `<name>.1.crswap`, ... */
  newSwapFile(name: string): FakeFile {
    for (let count = 0; ; count++) {
      const swapName = count === 0 ? `${name}.crswap` : `${name}.${count}.crswap`
      if (this.entries.has(swapName)) continue
      const swap = new FakeFile(this.fs, swapName, this)
      this.entries.set(swapName, swap)
      return swap
    }
  }

  /** Every file under this directory, by path. */
  files(prefix = ''): Map<string, Uint8Array> {
    const found = new Map<string, Uint8Array>()
    for (const [name, entry] of this.entries) {
      if (entry instanceof FakeFile) found.set(`${prefix}${name}`, entry.data)
      else for (const [path, data] of entry.files(`${prefix}${name}/`)) found.set(path, data)
    }
    return found
  }

  /** Puts a file at a relative path, its folders made on the way, without counting it as written. */
  async put(path: string, bytes: Uint8Array): Promise<FakeFile> {
    const parts = path.split('/').filter(Boolean)
    const name = parts.pop() ?? ''
    const folder = await parts.reduce<Promise<FakeDir>>(
      async (at, part) => (await at).getDirectoryHandle(part, { create: true }),
      Promise.resolve(this),
    )
    const file = await folder.getFileHandle(name, { create: true })
    file.data = bytes.slice()
    return file
  }
}
