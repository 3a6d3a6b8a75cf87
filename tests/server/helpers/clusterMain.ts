// The cluster of `npm run serve` (scripts/cluster.mjs) over a server bundle of the test's own instead of
// dist/server/main.js, so a test needs no build of the console: `node <this, bundled> <processes> <entry>`.
import { runCluster } from '../../../scripts/cluster.mjs'

const [processes, entry] = process.argv.slice(2)
process.exit(await runCluster({ processes: Number(processes), entry }))
