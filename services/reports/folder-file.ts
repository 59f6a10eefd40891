import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import { basename, join } from 'node:path';

/**
 * Reads a file the server serves from one of its folders on request (report files): only a
 * regular file directly inside `dir` is read. A symbolic link (wherever it points), a directory, a
 * FIFO, a socket or a device is "not there" (null), as is a missing file: the file is looked at
 * with lstat before it is opened, opened with O_NOFOLLOW | O_NONBLOCK (a FIFO put in its place
 * meanwhile neither blocks a libuv thread nor is read) and checked again on the open descriptor
 * (the same inode, still a regular file). `name` must be a plain file name (no separator).
 */
export async function readFolderFile(dir: string, name: string): Promise<Buffer | null> {
  if (name === '' || name === '.' || name === '..' || basename(name) !== name || name.includes('\0')) return null;
  const path = join(dir, name);
  const before = await lstat(path).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT' || e.code === 'ENOTDIR') return null;
    throw e;
  });
  if (!before || !before.isFile()) return null;
  let fh;
  try {
    fh = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    // ELOOP: a symbolic link put in its place; ENOENT: removed meanwhile.
    if (['ENOENT', 'ELOOP', 'ENOTDIR', 'ENXIO'].includes((e as NodeJS.ErrnoException).code ?? '')) return null;
    throw e;
  }
  try {
    const now = await fh.stat();
    if (!now.isFile() || now.ino !== before.ino || now.dev !== before.dev) return null;
    return await fh.readFile();
  } finally {
    await fh.close();
  }
}

/** Whether `dir`/`name` is a regular file (lstat: a symbolic link is not); its size, or null. */
export async function folderFileSize(dir: string, name: string): Promise<number | null> {
  const s = await lstat(join(dir, name)).catch(() => null);
  return s && s.isFile() ? s.size : null;
}
