// The load benchmark's reference: Fastify with its default settings and one route answering a small JSON
// object, nothing else. It runs as the product's server runs in the benchmark (a bundled ESM file in a Node
// process of its own, on loopback), so that the ratio of the two measures the product, not the setup.
import Fastify from 'fastify'

const app = Fastify()
app.get('/', async () => ({ hello: 'world' }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
