#!/usr/bin/env node
/**
 * CDK entry point (cdk.json "app"). Stage-parameterised and environment-agnostic:
 *   npm run synth -- -c stage=prod     npm run deploy -- -c stage=dev   (builds the web app, then cdk deploy --all)
 * The account and region come from the credentials used at deploy time.
 */
import { App } from 'aws-cdk-lib';
import { defineLeaseDesk } from '../stacks/leasedesk';

const app = new App();
defineLeaseDesk(app);
app.synth();
