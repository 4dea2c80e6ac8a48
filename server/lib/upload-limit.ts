import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** A multipart file stream of @fastify/multipart (busboy marks it `truncated` at its limit). */
type FileStream = Readable & { truncated?: boolean };

/**
 * Makes a multipart file stream fail with `error()` the moment it passes its `fileSize` limit.
 * busboy alone cuts the file there but goes on reading (and discarding) the rest of the request
 * before the file stream ends, so a 300 MB body used to be read to its end before the 413.
 * Destroying the part makes @fastify/multipart unpipe the request, which pauses it: nothing more
 * is read, and the answer goes out at once (`closeUnreadBodies` then closes the connection).
 */
export function failAtLimit(file: FileStream, error: () => Error): void {
  const stop = () => {
    if (!file.destroyed) file.destroy(error());
  };
  if (file.truncated) stop();
  else file.once('limit', stop);
}

/**
 * An answer sent before its request body has been received to the end (an upload refused at its
 * size limit, a JSON body over the body limit) closes the connection: node would otherwise read
 * and discard the rest of the body to keep the connection alive, however long it is.
 */
export function closeUnreadBodies(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete === false) reply.header('Connection', 'close');
  });
}
