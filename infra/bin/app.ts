#!/usr/bin/env node
/**
 * CDK entry point (cdk.json "app"). Stage-parameterised and environment-agnostic:
 *   npx cdk synth -c stage=prod        npx cdk deploy -c stage=dev --all
 * The account and region come from the credentials used at deploy time.
 */
import { App } from 'aws-cdk-lib';
import { defineLeaseDesk } from '../stacks/leasedesk';

const app = new App();
defineLeaseDesk(app);
app.synth();
