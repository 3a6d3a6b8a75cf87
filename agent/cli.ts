// The device agent's command line (`npm run device -- <command>`): the commands and their options, wired to
// commands.ts. Nothing else happens here.
import readline from 'node:readline/promises'
import { Command, InvalidArgumentError } from 'commander'
import packageJson from '../package.json' with { type: 'json' }
import {
  EXIT_FAILED,
  EXIT_INTERRUPTED,
  EXIT_REFUSED,
  login,
  mounts,
  register,
  status,
  sync,
  type Context,
} from './commands.ts'
import { explain } from './messages.ts'
import { defaultStateDir, StateStore } from './state.ts'
import { refusalOf } from './refusals.ts'

/** The version heartbeats report: the product's, x.y.z. */
export const AGENT_VERSION = packageJson.version

function positiveInteger(value: string): number {
  if (!/^\d{1,15}$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('a positive whole number')
  return Number(value)
}

const interrupt = new AbortController()
let interrupted = false
process.on('SIGINT', () => {
  // The first Ctrl-C stops the work at a safe point and saves the state; a second one leaves at once.
  if (interrupted) process.exit(EXIT_INTERRUPTED)
  interrupted = true
  interrupt.abort(new Error('interrupted'))
})
process.on('SIGTERM', () => interrupt.abort(new Error('terminated')))

function context(program: Command): Context {
  const { stateDir } = program.opts<{ stateDir?: string }>()
  return {
    store: new StateStore(stateDir ?? defaultStateDir()),
    print: (line) => console.log(line),
    warn: (line) => console.error(line),
    prompt: async (question) => {
      const terminal = readline.createInterface({ input: process.stdin, output: process.stdout })
      try {
        return await terminal.question(question)
      } finally {
        terminal.close()
      }
    },
    interactive: process.stdin.isTTY === true,
    version: AGENT_VERSION,
    signal: interrupt.signal,
  }
}

async function run(task: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await task()
  } catch (error) {
    console.error(explain(error))
    // A refusal (a disabled device, app or mount...) exits 3 from every command, as from sync.
    process.exitCode = refusalOf(error) ? EXIT_REFUSED : EXIT_FAILED
  }
}

const program = new Command()
  .name('npm run device --')
  .description(
    'The device agent: connects this machine to the media console and syncs folders with its mounts.',
  )
  .version(AGENT_VERSION)
  .option(
    '--state-dir <dir>',
    'where the agent keeps its state (default: $MEDIA_AGENT_HOME or ~/.media-agent)',
  )
  .showHelpAfterError()

program
  .command('login')
  .description('sign in by e-mail code and choose the organization')
  .requiredOption('--server <url>', 'the server, e.g. http://localhost:8080')
  .requiredOption('--email <e-mail>', 'your e-mail address')
  .option('--code <code>', 'the code from the e-mail that an earlier login asked for (for scripts)')
  .option('--org <org_id>', 'the organization (needed when you belong to several)', positiveInteger)
  .action((options: { server: string; email: string; code?: string; org?: number }) =>
    run(() => login(context(program), options)),
  )

program
  .command('register')
  .description(
    'register this machine as a device through an app (its id and secret key, from /org/app in the console)',
  )
  .requiredOption('--app <app_id>', 'the app id', positiveInteger)
  .requiredOption('--secret <secret_key>', "the app's secret key")
  .option('--name <device name>', "the device's name (default: this machine's host name)")
  .action((options: { app: number; secret: string; name?: string }) =>
    run(() => register(context(program), options)),
  )

program
  .command('mounts')
  .description("list this device's mounts and their state")
  .action(() => run(() => mounts(context(program))))

program
  .command('sync')
  .description(
    'sync a folder with a mount: upload new and changed files, download missing ones, report holdings',
  )
  .argument('<mount>', "the mount: its id (media_grant_id) or its container's name")
  .argument('<folder>', 'the local folder')
  .option('--watch <seconds>', 'sync again every so many seconds, until stopped', positiveInteger)
  .option('--quiet', 'print only a summary per pass, and problems')
  .action((mount: string, folder: string, options: { watch?: number; quiet?: boolean }) =>
    run(() => sync(context(program), { mount, folder, ...options })),
  )

program
  .command('status')
  .description('what this machine is: server, organization, device, last heartbeat, synced mounts')
  .action(() => run(() => status(context(program))))

await program.parseAsync(process.argv)
