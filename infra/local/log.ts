/**
 * The local stack's console: one short line per event, prefixed by the component that produced it
 * ("api", "cognito", "dynamodb", ...). Functions keep their own structured logger; this is only the runner's voice.
 */
export type StackLog = (source: string, message: string) => void;

const COLOURS: Record<string, number> = {
  api: 36,
  cognito: 35,
  lambda: 33,
  dynamodb: 34,
  s3: 32,
  ses: 32,
  web: 36,
  jobs: 33,
  seed: 90,
  stack: 1,
};

export const consoleLog: StackLog = (source, message) => {
  const colour = COLOURS[source] ?? 90;
  const label = process.stdout.isTTY ? `\u001b[${colour}m${source.padEnd(8)}\u001b[0m` : source.padEnd(8);
  for (const line of message.split('\n')) console.log(`${label} ${line}`);
};

export const silentLog: StackLog = () => {};
