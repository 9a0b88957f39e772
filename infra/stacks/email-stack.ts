/**
 * The SES identity the product sends from: the domain of MAIL_FROM (DKIM-signed). Until its DKIM records are in
 * DNS (see the outputs) and the account is out of the SES sandbox, SES only delivers to verified addresses.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct, IConstruct } from 'constructs';
import { emailDomain, type StageConfig } from './config';

export interface EmailStackProps extends StackProps {
  config: StageConfig;
}

export class EmailStack extends Stack {
  /** ARN of the sending identity, computed from its name so any stack can use it without an export. */
  static identityArn(scope: IConstruct, config: StageConfig): string {
    return Stack.of(scope).formatArn({ service: 'ses', resource: 'identity', resourceName: emailDomain(config.mailFrom) });
  }

  readonly identity: ses.EmailIdentity;

  constructor(scope: Construct, id: string, props: EmailStackProps) {
    super(scope, id, props);
    const domain = emailDomain(props.config.mailFrom);

    this.identity = new ses.EmailIdentity(this, 'SenderDomain', {
      identity: ses.Identity.domain(domain),
      dkimSigning: true,
      feedbackForwarding: true,
    });

    new CfnOutput(this, 'SenderDomainName', { value: domain });
    const records = [
      [this.identity.dkimDnsTokenName1, this.identity.dkimDnsTokenValue1],
      [this.identity.dkimDnsTokenName2, this.identity.dkimDnsTokenValue2],
      [this.identity.dkimDnsTokenName3, this.identity.dkimDnsTokenValue3],
    ];
    records.forEach(([name, value], i) => {
      new CfnOutput(this, `DkimCname${i + 1}`, {
        value: `${name} CNAME ${value}`,
        description: 'Add to the DNS of the sender domain.',
      });
    });
  }
}
