/**
 * Reads a password for the accounts CLI: never from the command line (argv is visible to every
 * user of the machine through ps). From a terminal: a prompt on stderr, typed without echo, asked
 * twice when `confirm`. Otherwise: the first line of stdin (`printf '%s\n' "$PW" | netmon user add …`).
 */
export async function readPassword(prompt: string, confirm: boolean): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) return firstLine(await readAll(stdin));
  const first = await readHidden(prompt);
  if (confirm && (await readHidden('again: ')) !== first) throw new Error('the two passwords differ');
  return first;
}

/** Longest stdin read (a password is a line; anything longer is a mistake). */
const MAX_STDIN_BYTES = 64 * 1024;

function readAll(stream: NodeJS.ReadStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_STDIN_BYTES) { stream.destroy(); reject(new Error(`stdin holds more than ${MAX_STDIN_BYTES} bytes`)); return; }
      chunks.push(c);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.on('error', reject);
  });
}

const firstLine = (text: string): string => text.split(/\r?\n/, 1)[0] ?? '';

function readHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  return new Promise((resolve, reject) => {
    let text = '';
    const done = (err?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (err) reject(err); else resolve(text);
    };
    const onData = (c: Buffer) => {
      for (const ch of c.toString('utf8')) {
        if (ch === '\r' || ch === '\n') { done(); return; }
        if (ch === '\u0003') { done(new Error('interrupted')); return; }
        if (ch === '\u007f' || ch === '\b') text = text.slice(0, -1);
        else if (text.length < 4096) text += ch;
      }
    };
    stdin.on('data', onData);
  });
}
