// A job's progress channel: made only for a caller that listens (every MessageChannel sent to a
// worker keeps a few kB of native memory after it is closed, which a batch of thousands of jobs
// would pile up). The port goes to the thread with the task; `close`, once the reply is in,
// delivers what the thread posted just before it and closes the channel.

import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';

export interface ProgressPort {
  /** The task's fields: the port, when there is a listener. */
  task: { port?: MessagePort };
  /** What piscina must transfer with the task. */
  transferList: MessagePort[];
  close(): void;
}

export function progressPort<M>(deliver: ((message: M) => void) | undefined): ProgressPort {
  if (!deliver) return { task: {}, transferList: [], close: () => undefined };
  const channel = new MessageChannel();
  channel.port1.on('message', deliver);
  return {
    task: { port: channel.port2 },
    transferList: [channel.port2],
    close() {
      // Progress posted just before the reply may still be queued: deliver it, then close.
      for (
        let m = receiveMessageOnPort(channel.port1);
        m;
        m = receiveMessageOnPort(channel.port1)
      ) {
        deliver(m.message as M);
      }
      channel.port1.close();
    },
  };
}
