import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { StackPorts } from './config';
import { silentLog } from './log';
import { isListening } from './ports';
import { startLocalStack } from './stack';

/** Distinct ports nothing listens on, picked by the OS. */
async function freePorts(): Promise<StackPorts> {
  const servers: Server[] = [];
  const ports: number[] = [];
  for (let i = 0; i < 8; i += 1) {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    ports.push((server.address() as AddressInfo).port);
  }
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  const [web, api, dynamodb, cognito, cognitoUpstream, lambda, s3, ses] = ports as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return { web, api, dynamodb, cognito, cognitoUpstream, lambda, s3, ses };
}

describe('starting and stopping a local stack', () => {
  it('refuses to start, naming the port, when a port is taken, and starts nothing', async () => {
    const ports = await freePorts();
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(ports.dynamodb, '127.0.0.1', resolve));
    try {
      await expect(startLocalStack({ ports, log: silentLog })).rejects.toThrow(
        `Port ${ports.dynamodb} (DynamoDB Local) is already in use`,
      );
      const others = Object.entries(ports).filter(([name]) => name !== 'dynamodb');
      for (const [, port] of others) expect(await isListening(port)).toBe(false);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('leaves no port listening after stop (stop waits for the child processes to exit)', async () => {
    const ports = await freePorts();
    const stack = await startLocalStack({ ports, seed: false, web: false, scheduler: false, log: silentLog });
    for (const port of Object.values(ports).filter((port) => port !== ports.web)) expect(await isListening(port)).toBe(true);
    await stack.stop();
    for (const port of Object.values(ports)) expect(await isListening(port), `port ${port}`).toBe(false);
  }, 120_000);
});
