/**
 * services/reports/folder-file.ts: what a folder serves on request is a regular file of that folder — a
 * table of real files on disk (a symbolic link to a file outside, a symbolic link inside, a
 * directory, a FIFO, a missing name, names that are not plain file names).
 */
import t from 'tap';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { folderFileSize, readFolderFile } from '../../../services/reports/folder-file.js';

t.test('only regular files of the folder are read', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'netmon-folder-file-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  const dir = join(root, 'reports');
  mkdirSync(dir);
  writeFileSync(join(root, 'outside.txt'), 'outside\n');
  writeFileSync(join(dir, 'a.csv'), 'a,b\r\n');
  symlinkSync(join(root, 'outside.txt'), join(dir, 'link-out.csv'));
  symlinkSync(join(dir, 'a.csv'), join(dir, 'link-in.csv'));
  mkdirSync(join(dir, 'dir.csv'));
  t.equal(spawnSync('mkfifo', [join(dir, 'fifo.csv')]).status, 0, 'mkfifo');
  const cases: [string, string, string | null][] = [
    ['a regular file', 'a.csv', 'a,b\r\n'],
    ['a symbolic link to a file outside the folder', 'link-out.csv', null],
    ['a symbolic link to a file of the folder', 'link-in.csv', null],
    ['a directory', 'dir.csv', null],
    ['a FIFO (read without blocking: not read at all)', 'fifo.csv', null],
    ['a missing name', 'none.csv', null],
    ['a path through a parent', '../outside.txt', null],
    ['a path into a subfolder', 'dir.csv/x', null],
    ['the folder itself', '.', null],
    ['empty', '', null],
    ['a NUL', 'a.csv\0', null],
  ];
  for (const [what, name, want] of cases) {
    const got = await readFolderFile(dir, name);
    t.equal(got === null ? null : got.toString('utf8'), want, what);
  }
  const sizes: [string, number | null][] = [['a.csv', 5], ['link-out.csv', null], ['dir.csv', null], ['fifo.csv', null], ['none.csv', null]];
  for (const [name, want] of sizes) t.equal(await folderFileSize(dir, name), want, `size of ${name}`);
});
