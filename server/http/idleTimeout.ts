// The idle timeout (IDLE_TIMEOUT_SECONDS, Fastify's connectionTimeout) closes a connection that moves no
// byte: a stalled upload or download. An API call, once its body is read, may work long with nothing on
// the wire (a multipart completion on the local store reads the whole file back), so the timeout is off
// while an API call is handled and on again once it is answered.
import type { Socket } from 'node:net'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isApiPath } from '../contract/paths.ts'

export function registerIdleTimeout(app: FastifyInstance, idleSeconds: number): void {
  const setIdleTimeout = (request: FastifyRequest, ms: number) => {
    // Requests injected without a network (app.inject) have a socket without timers.
    const socket = request.raw.socket as Partial<Socket> | undefined
    if (isApiPath(request.url) && typeof socket?.setTimeout === 'function') {
      socket.setTimeout(ms)
    }
  }
  app.addHook('preHandler', async (request) => setIdleTimeout(request, 0))
  app.addHook('onResponse', async (request) => setIdleTimeout(request, idleSeconds * 1000))
}
