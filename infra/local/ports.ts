/**
 * Port checks. DynamoDB Local hangs instead of failing when its port is taken, and a half-started stack is worse
 * than none, so every port is checked before anything starts and a taken one is one clear line.
 */
import { createConnection, createServer } from 'node:net';
import type { StackPorts } from './config';

export const PORT_LABELS: Record<keyof StackPorts, string> = {
  dynamodb: 'DynamoDB Local',
  lambda: 'Lambda invoke endpoint',
  cognitoUpstream: 'cognito-local',
  cognito: 'Cognito compatibility layer',
  s3: 's3rver',
  ses: 'SES mailbox',
  api: 'local API',
  web: 'web app (Vite)',
};

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly label: string,
  ) {
    super(`Port ${port} (${label}) is already in use`);
    this.name = 'PortInUseError';
  }
}

/** True when nothing can bind the port on any interface (IPv4 or IPv6). */
async function canBind(port: number): Promise<boolean> {
  for (const host of ['0.0.0.0', '::']) {
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', (error: NodeJS.ErrnoException) => {
        // A machine without IPv6 cannot bind "::" at all; that says nothing about the port.
        resolve(error.code === 'EAFNOSUPPORT' || error.code === 'EADDRNOTAVAIL');
      });
      server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
    });
    if (!free) return false;
  }
  return true;
}

/** True when something accepts connections on localhost:port. */
export function isListening(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Throws PortInUseError for the first taken port, in the order the stack would use them. */
export async function assertPortsFree(ports: StackPorts): Promise<void> {
  for (const key of Object.keys(PORT_LABELS) as (keyof StackPorts)[]) {
    const port = ports[key];
    if (!(await canBind(port)) || (await isListening(port))) throw new PortInUseError(port, PORT_LABELS[key]);
  }
}

/** A port that nothing listens on now, chosen by the OS: for a server of a test's own, clear of every fixed port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
