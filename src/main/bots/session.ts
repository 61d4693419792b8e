// One running bot: a program started from an argument vector (child_process.spawn, never a
// shell) that speaks `broadside-bot/1` on its standard input and output. The session writes a
// message, waits for the one line that answers it (with a time limit per message), and turns
// every way a bot can misbehave into a BotFault of a known kind. After a fault the process is
// killed; the next `start` runs a fresh one. Standard error is drained as it comes (a bot that
// floods it must not block) and only a bounded head and tail of it are kept for the report.
//
// On POSIX the bot leads its own process group, so killing it also ends whatever it started (a
// wrapper script's interpreter), and a Ctrl+C typed at the terminal reaches Broadside only,
// which then ends its bots itself (registry.ts), instead of racing them. The group is signalled
// whether or not the bot itself is still running, since what it started may outlive it. A small
// guard in the group (guard.ts) kills the group when the process or thread that started it dies,
// even by kill -9, so a bot that ignores SIGTERM cannot outlive its harness either.

import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import {
  MAX_LINE,
  PROTOCOL,
  escapeControls,
  formatMessage,
  parseBotLine,
  type BotMessage,
  type FaultKind,
  type HarnessMessage,
} from '../../core/bot-protocol';
import { guardedLaunch, LIFELINE_FD, programProblem } from './guard';
import { announceBot } from './registry';

export class BotFault extends Error {
  constructor(
    readonly kind: FaultKind,
    detail: string,
  ) {
    super(detail);
    this.name = 'BotFault';
  }
}

export interface BotSpec {
  /** The name the bot is reported under. */
  name: string;
  /** Program and arguments. */
  argv: string[];
}

export interface SessionOptions {
  /** Time limit of each answer, in ms. */
  timeoutMs: number;
  /** Time limit of the first answer (`hello`), which includes starting the program. */
  startTimeoutMs?: number;
  /** Tags the process in the registry, so a run can kill exactly its own bots. */
  runId?: string;
}

/** Lines of standard error kept from the start and from the end of a process's life. */
const STDERR_HEAD = 8;
const STDERR_TAIL = 8;
/** Characters kept of each standard error line. */
const STDERR_LINE = 200;
/** Time a bot gets to exit by itself after `bye` before it is killed. */
const BYE_GRACE_MS = 300;
const KILL_GRACE_MS = 300;
/** Lines a bot may have written ahead of the harness's questions before it counts as garbage. */
const MAX_QUEUED_LINES = 64;

/** A bounded record of a stream of lines: the first few, the last few, and how many between. */
class LineKeeper {
  head: string[] = [];
  tail: string[] = [];
  dropped = 0;
  private partial = '';

  write(text: string): void {
    const parts = (this.partial + text).split('\n');
    this.partial = parts.pop()!.slice(0, STDERR_LINE);
    for (const line of parts) this.keep(line);
  }

  private keep(line: string): void {
    // Escaped before anything else sees it: a bot's stderr must not drive the user's terminal.
    const short = escapeControls(
      line.length > STDERR_LINE ? `${line.slice(0, STDERR_LINE)}...` : line,
    );
    if (this.head.length < STDERR_HEAD) this.head.push(short);
    else {
      this.tail.push(short);
      if (this.tail.length > STDERR_TAIL) {
        this.tail.shift();
        this.dropped++;
      }
    }
  }

  lines(): string[] {
    const partial = this.partial ? [escapeControls(this.partial)] : [];
    const gap = this.dropped > 0 ? [`... (${this.dropped} lines left out) ...`] : [];
    return [...this.head, ...gap, ...this.tail, ...partial];
  }
}

export class BotSession {
  private child: ChildProcess | null = null;
  private stderr = new LineKeeper();
  private queue: string[] = [];
  private pending = '';
  /** Set once the process ends or breaks the protocol; every later request fails with it. */
  private broken: BotFault | null = null;
  private wake: (() => void) | null = null;
  /** The name the bot gave in its `hello`. */
  botName = '';

  constructor(
    readonly spec: BotSpec,
    private readonly options: SessionOptions,
  ) {}

  get running(): boolean {
    return this.child !== null && this.broken === null;
  }

  /** The kept lines of standard error of the current (or last) process. */
  stderrLines(): string[] {
    return this.stderr.lines();
  }

  /** Starts the program (if not running) and exchanges `hello`. */
  async start(): Promise<void> {
    if (this.running) return;
    this.kill();
    this.broken = null;
    this.queue = [];
    this.pending = '';
    this.stderr = new LineKeeper();
    const missing = programProblem(this.spec.argv[0]!);
    if (missing) {
      this.broken = new BotFault('exited', `could not be started: ${missing}`);
      throw this.broken;
    }
    const [program, ...args] = guardedLaunch(this.spec.argv);
    const child = spawn(program!, args, {
      stdio: ['pipe', 'pipe', 'pipe', ...(LIFELINE_FD !== null ? (['pipe'] as const) : [])],
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    this.child = child;
    // Our end of the guard's lifeline: closing it (here when the bot exits, or by the OS when
    // this process or thread dies) makes the guard kill the bot's whole group.
    const lifeline = LIFELINE_FD !== null ? (child.stdio[LIFELINE_FD] as Socket | null) : null;
    lifeline?.on('error', () => {});
    child.stdout!.setEncoding('utf8');
    child.stderr!.setEncoding('utf8');
    child.stdout!.on('data', (text: string) => this.onStdout(text));
    child.stderr!.on('data', (text: string) => this.stderr.write(text));
    // Writing to a bot that has gone raises EPIPE on the pipe: the exit reports it.
    child.stdin!.on('error', () => {});
    child.on('error', (e) =>
      this.fail(new BotFault('exited', `could not be started: ${e.message}`)),
    );
    child.on('exit', () => {
      lifeline?.destroy();
      if (child.pid !== undefined) announceBot(child.pid, false, this.options.runId);
    });
    // 'close', not 'exit': by then everything the bot wrote (its last words on stderr) is read.
    child.on('close', (code, signal) => {
      if (this.child !== child) return;
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      this.fail(new BotFault('exited', how));
    });
    if (child.pid !== undefined) announceBot(child.pid, true, this.options.runId);
    this.send({ type: 'hello', protocol: PROTOCOL });
    const hello = await this.receive(
      'hello',
      this.options.startTimeoutMs ?? Math.max(this.options.timeoutMs, 10_000),
    );
    this.botName = hello.name;
  }

  /** Writes one message. A bot that wrote a line nobody asked for is out of step: garbage. */
  send(message: HarnessMessage): void {
    if (this.broken) throw this.broken;
    if (this.queue.length > 0) {
      this.fail(
        new BotFault('garbage', `wrote a line out of turn: ${this.queue[0]!.slice(0, 80)}`),
      );
      throw this.broken!;
    }
    this.child!.stdin!.write(formatMessage(message) + '\n');
  }

  /** Waits for the next line and checks it is a message of type `expect`. */
  async receive<T extends BotMessage['type']>(
    expect: T,
    timeoutMs = this.options.timeoutMs,
  ): Promise<Extract<BotMessage, { type: T }>> {
    const line = await this.nextLine(timeoutMs, expect);
    const parsed = parseBotLine(line, expect);
    if (!parsed.ok) {
      this.fail(new BotFault('garbage', parsed.error));
      throw this.broken!;
    }
    return parsed.value;
  }

  private nextLine(timeoutMs: number, expect: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        if (this.queue.length > 0) {
          resolve(this.queue.shift()!);
          return true;
        }
        if (this.broken) {
          reject(this.broken);
          return true;
        }
        return false;
      };
      if (check()) return;
      const timer = setTimeout(() => {
        this.wake = null;
        const s = timeoutMs / 1000;
        this.fail(new BotFault('timeout', `gave no "${expect}" within ${s} s`));
        reject(this.broken);
      }, timeoutMs);
      this.wake = () => {
        if (check()) {
          clearTimeout(timer);
          this.wake = null;
        }
      };
    });
  }

  private onStdout(text: string): void {
    const parts = (this.pending + text).split('\n');
    this.pending = parts.pop()!;
    if (this.pending.length > MAX_LINE) {
      this.fail(new BotFault('garbage', `wrote a line of over ${MAX_LINE} characters`));
      return;
    }
    for (const line of parts) {
      const trimmed = line.replace(/\r$/, '');
      // Blank lines are tolerated (a stray print()); everything else must be a message.
      if (trimmed.trim() !== '') this.queue.push(trimmed);
    }
    if (this.queue.length > MAX_QUEUED_LINES) {
      this.fail(new BotFault('garbage', `wrote ${this.queue.length} lines without being asked`));
      return;
    }
    this.wake?.();
  }

  /** Records the first fault and ends the process; waiting requests fail with it. */
  private fail(fault: BotFault): void {
    if (!this.broken) this.broken = fault;
    this.kill();
    this.wake?.();
  }

  /**
   * Ends the process now with its group on POSIX: SIGTERM, then SIGKILL for whatever lingers.
   * The group is signalled even when the bot has already exited: what it started in the
   * background is still in the group.
   */
  kill(): void {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (!this.broken) this.broken = new BotFault('exited', 'was stopped by the harness');
    const exited = child.exitCode !== null || child.signalCode !== null;
    if (exited && process.platform === 'win32') return;
    signalBot(child, 'SIGTERM');
    const timer = setTimeout(() => signalBot(child, 'SIGKILL'), KILL_GRACE_MS);
    timer.unref();
  }

  /** Says `bye`, gives the bot a moment to exit by itself, then makes sure it is gone. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || this.broken) {
      this.kill();
      return;
    }
    try {
      this.send({ type: 'bye' });
      child.stdin!.end();
    } catch {
      // already broken: killed below
    }
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, BYE_GRACE_MS);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    this.child = child;
    this.kill();
  }
}

function signalBot(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (process.platform !== 'win32' && child.pid !== undefined) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // the group is empty (everything in it has ended)
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}
