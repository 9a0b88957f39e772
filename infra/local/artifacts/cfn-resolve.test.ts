import { describe, expect, it } from 'vitest';
import { CfnResolver, type DeployedStack } from './cfn-resolve';

const data: DeployedStack = {
  stackName: 'app-data',
  template: {
    Resources: { Table: { Type: 'AWS::DynamoDB::Table', Properties: { TableName: 'app-dev' } } },
    Outputs: {
      TableArn: { Value: { 'Fn::GetAtt': ['Table', 'Arn'] } },
      Exported: { Value: { Ref: 'Table' }, Export: { Name: 'app-table-name' } },
    },
  },
};
const api: DeployedStack = {
  stackName: 'app-api',
  template: {
    Resources: {
      Pool: { Type: 'AWS::Cognito::UserPool' },
      Fn: { Type: 'AWS::Lambda::Function', Properties: { FunctionName: { 'Fn::Sub': '${AWS::StackName}-deals' } } },
    },
  },
};
const resolver = new CfnResolver([data, api], 'eu-west-1', '123456789012', { Pool: 'eu-west-1_Pool' });

describe('CfnResolver: a template read as deployed', () => {
  it('resolves pseudo parameters, joins and physical names', () => {
    const value = { 'Fn::Join': ['-', ['app', { Ref: 'AWS::AccountId' }, { Ref: 'AWS::Region' }]] };
    expect(resolver.resolve(value, api)).toBe('app-123456789012-eu-west-1');
    expect(resolver.resolve({ Ref: 'Fn' }, api)).toBe('app-api-deals');
    expect(resolver.resolve({ Ref: 'Pool' }, api)).toBe('eu-west-1_Pool');
  });

  it('builds ARNs the way AWS spells them', () => {
    expect(resolver.resolve({ 'Fn::GetAtt': ['Pool', 'Arn'] }, api)).toBe(
      'arn:aws:cognito-idp:eu-west-1:123456789012:userpool/eu-west-1_Pool',
    );
    expect(resolver.resolve({ 'Fn::GetAtt': ['Fn', 'Arn'] }, api)).toBe(
      'arn:aws:lambda:eu-west-1:123456789012:function:app-api-deals',
    );
  });

  it('follows cross-stack outputs and imports', () => {
    const output = { 'Fn::GetStackOutput': { StackName: 'app-data', OutputName: 'TableArn', Region: { Ref: 'AWS::Region' } } };
    expect(resolver.resolve(output, api)).toBe('arn:aws:dynamodb:eu-west-1:123456789012:table/app-dev');
    expect(resolver.resolve({ 'Fn::ImportValue': 'app-table-name' }, api)).toBe('app-dev');
  });

  it('refuses an intrinsic it does not know, naming it', () => {
    expect(() => resolver.resolve({ 'Fn::If': ['IsProd', 'a', 'b'] }, api)).toThrow(/Fn::If/);
  });
});
