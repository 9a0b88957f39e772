import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { getStack } from '@test/support/stack';

const { ports } = getStack();

/** 'connected' or the error code of a TCP connection attempt to host:port. */
function connect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('ETIMEDOUT');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

/** The machine's addresses other than loopback (what another host on the network would connect to). */
function nonLoopbackAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((address) => address !== undefined && !address.internal && !address.address.startsWith('fe80:'))
    .map((address) => address!.address);
}

/** "0100007F" -> "127.0.0.1"; an IPv6 entry is four little-endian 32-bit words. */
function decodeProcAddress(hex: string): string {
  const bytes = (word: string) => word.match(/../g)!.reverse();
  if (hex.length === 8)
    return bytes(hex)
      .map((byte) => parseInt(byte, 16))
      .join('.');
  const words = hex.match(/.{8}/g)!.flatMap(bytes);
  const v4Mapped = words.slice(0, 10).every((byte) => byte === '00') && words[10] === 'FF' && words[11] === 'FF';
  if (v4Mapped)
    return `::ffff:${words
      .slice(12)
      .map((byte) => parseInt(byte, 16))
      .join('.')}`;
  return words.join('').match(/.{4}/g)!.join(':').toLowerCase();
}

/** Local addresses of the sockets listening on `port`, from the kernel's socket tables. */
function listeningAddresses(port: number): string[] {
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[1]?.endsWith(`:${portHex}`) && fields[3] === '0A')
      .map((fields) => decodeProcAddress(fields[1]!.split(':')[0]!)),
  );
}

describe('DynamoDB Local of the local stack', () => {
  it('accepts connections on the loopback address', async () => {
    expect(await connect('127.0.0.1', ports.dynamodb)).toBe('connected');
  });

  it('is not reachable on any other address of the machine', async () => {
    const addresses = nonLoopbackAddresses();
    // A machine with only loopback would make the check below vacuous; the socket table check still holds.
    for (const address of addresses) {
      expect({ address, result: await connect(address, ports.dynamodb) }).toEqual({ address, result: 'ECONNREFUSED' });
    }
  });

  it('listens on 127.0.0.1 only, as the kernel reports its listening socket', () => {
    const addresses = listeningAddresses(ports.dynamodb);
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(['127.0.0.1', '::ffff:127.0.0.1']).toContain(address);
  });
});
