// Starts the product exactly as `npm start` does (building it when the build is stale), on a free port and
// a temporary DATA_DIR, and stops it after the run. Tests find it through E2E_BASE_URL, and its DATA_DIR
// (where the server's mail outbox is) through E2E_DATA_DIR.
import { startServer } from './server.ts'

export default async function globalSetup() {
  const server = await startServer({ logName: 'e2e-server.log' })
  process.env.E2E_BASE_URL = server.baseUrl
  process.env.E2E_DATA_DIR = server.dataDir
  return () => server.close()
}
