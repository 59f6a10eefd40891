/** Reused answer buffers: the pool's bounds and the writer's release (real-socket reuse: graph-socket.test.ts). */
import t from 'tap';
import { BufferPool } from '../../api/http/buffer-pool.js';
import { JsonWriter } from '../../api/http/json-writer.js';

t.test('BufferPool: reuse, bounds', async (t) => {
  const pool = new BufferPool(2, 1000);
  const a = pool.take(100);
  t.ok(a.length >= 100, 'a new buffer of the size asked');
  pool.give(a);
  t.equal(pool.take(50), a, 'a kept buffer large enough is reused');
  t.equal(pool.size, 0, 'and no longer kept');
  pool.give(a);
  t.not(pool.take(200), a, 'a kept buffer too small is not');
  t.equal(pool.size, 1, 'and stays kept');
  pool.give(Buffer.alloc(2000));
  t.equal(pool.size, 1, 'a buffer over maxBytes is not kept');
  const b = Buffer.alloc(300), c = Buffer.alloc(400);
  pool.give(b);
  pool.give(c);
  t.equal(pool.size, 2, 'at most maxBuffers');
  t.equal(pool.take(350), c, 'the larger one replaced the smallest');
  t.equal(pool.take(250), b);
});

t.test('JsonWriter with a pool: release gives the buffer back once', async (t) => {
  const pool = new BufferPool();
  const w = new JsonWriter(64, pool);
  w.raw('{"a":1}');
  t.equal(w.finish().toString(), '{"a":1}');
  w.release();
  w.release();
  t.equal(pool.size, 1, 'given back once');
  const grown = new JsonWriter(64, pool);
  t.equal(pool.size, 0, 'taken by the next writer');
  grown.raw('x'.repeat(1000)); // grows: the outgrown buffer goes back, nobody has seen it
  t.equal(pool.size, 1, 'the outgrown buffer is given back');
  t.equal(grown.finish().toString(), 'x'.repeat(1000));
  const free = new JsonWriter(64);
  free.release();
  t.pass('release without a pool is a no-op');
});
