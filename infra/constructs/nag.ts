/**
 * Helpers for cdk-nag 3 acknowledgements (`Validations.of(x).acknowledge`). Each acknowledgement must carry a
 * reason that is true of the construct it is attached to; these helpers only spell the finding ids correctly.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';

/** Acknowledges one AwsSolutions rule on a construct and everything below it. */
export function acknowledge(scope: IConstruct, rule: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: rule.startsWith('AwsSolutions-') ? rule : `AwsSolutions-${rule}`, reason });
}

/**
 * Acknowledges the IAM5 finding for one wildcard resource (e.g. the objects of a bucket). The finding id is
 * `AwsSolutions-IAM5[Resource::<flattened ARN>]`, computed here the way cdk-nag computes it, so it only matches a
 * resource ARN that resolves the same way at validation time (same-stack references or pseudo parameters).
 */
export function acknowledgeWildcardResource(scope: IConstruct, resourceArn: string, reason: string): void {
  const flattened = flattenCfnReference(Stack.of(scope).resolve(resourceArn));
  acknowledge(scope, `AwsSolutions-IAM5[Resource::${flattened}]`, reason);
}

/** Acknowledges the IAM5 finding for a wildcard action (e.g. `s3:GetObject*`). */
export function acknowledgeWildcardAction(scope: IConstruct, action: string, reason: string): void {
  acknowledge(scope, `AwsSolutions-IAM5[Action::${action}]`, reason);
}
