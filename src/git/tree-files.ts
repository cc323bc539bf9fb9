/**
 * A tree listing (`git ls-tree -r -l -z`) kept as the one string git printed, with each path
 * pointing at its record. At 100k files a map of parsed records cost the action's process ~60 MB
 * of heap it never gave back; this keeps the text (about 100 bytes a file) and parses a record
 * only when it is asked for.
 */
import type { TreeFile } from './read-file-on-branch.js';

export class TreeFiles implements ReadonlyMap<string, TreeFile> {
  readonly #listing: string;
  /** Each blob's path → where its record starts in the listing. */
  readonly #at = new Map<string, number>();

  constructor(listing: string) {
    this.#listing = listing;
    let start = 0;
    while (start < listing.length) {
      let end = listing.indexOf('\0', start);
      if (end < 0) end = listing.length;
      // `<mode> SP <type> SP <oid> SP+ <size> TAB <path>`: blobs only (not submodules or trees).
      const tab = listing.indexOf('\t', start);
      if (tab > start && tab < end && listing.startsWith(' blob ', start + 6))
        this.#at.set(listing.slice(tab + 1, end), start);
      start = end + 1;
    }
  }

  get size(): number {
    return this.#at.size;
  }

  has(path: string): boolean {
    return this.#at.has(path);
  }

  get(path: string): TreeFile | undefined {
    const start = this.#at.get(path);
    if (start === undefined) return undefined;
    const tab = this.#listing.indexOf('\t', start);
    const [mode = '', , oid = '', bytes = ''] = this.#listing.slice(start, tab).split(/ +/);
    return { mode, oid, bytes: Number(bytes) };
  }

  keys(): MapIterator<string> {
    return this.#at.keys();
  }

  *entries(): MapIterator<[string, TreeFile]> {
    for (const path of this.#at.keys()) yield [path, this.get(path)!];
  }

  *values(): MapIterator<TreeFile> {
    for (const path of this.#at.keys()) yield this.get(path)!;
  }

  [Symbol.iterator](): MapIterator<[string, TreeFile]> {
    return this.entries();
  }

  forEach(callback: (value: TreeFile, key: string, map: ReadonlyMap<string, TreeFile>) => void): void {
    for (const [path, file] of this.entries()) callback(file, path, this);
  }
}
