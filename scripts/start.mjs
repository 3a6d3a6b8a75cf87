// `npm start`: builds when the build is missing or older than the sources, creates DATA_DIR (prepare.mjs),
// then runs the server in this process (so signals reach it directly).
import { prepareToServe } from './prepare.mjs'

await import(await prepareToServe('start'))
