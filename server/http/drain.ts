// A process being stopped drains (main.ts, on SIGTERM): /readyz answers 503 so that a load balancer takes it
// out of rotation, requests in flight (a part PUT to the local store included) run to their answer, and
// each of those answers closes its connection, so that no keep-alive connection holds the process open
// after its last request. New connections are refused once Fastify's close has begun (main.ts).
import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain
  }
}

export class Drain {
  #draining = false

  get draining(): boolean {
    return this.#draining
  }

  start(): void {
    this.#draining = true
  }
}

export function registerDrain(app: FastifyInstance): void {
  const drain = new Drain()
  app.decorate('drain', drain)
  app.addHook('onSend', async (_request, reply, payload) => {
    if (drain.draining) reply.header('Connection', 'close')
    return payload
  })
}
