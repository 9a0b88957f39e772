/** What the local stack hands a handler as its Lambda `context`: the fields handlers read. */
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { LOCAL_REGION } from './config';

/** Same signature as the deployed functions' `handler` exports. */
export type LambdaHandler = (event: never, context: Context) => Promise<unknown>;
export type HandlerModule = { handler: LambdaHandler };

export function lambdaContext(functionName: string, timeoutMs = 30_000): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${LOCAL_REGION}:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
