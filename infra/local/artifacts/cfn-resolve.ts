/**
 * Just enough of CloudFormation's intrinsic functions to read a synthesized template as if it were deployed: Ref,
 * Fn::GetAtt, Fn::Join, Fn::Sub, Fn::Select, Fn::Split, Fn::GetStackOutput and Fn::ImportValue, over every stack of
 * the cloud assembly, in one pretend account and region. Physical names come from the resources' own name
 * properties (TableName, FunctionName, ...) as CloudFormation would use them; ARNs are built the way AWS spells them.
 * Anything else is an error naming the construct, so a template shape this reader does not know fails loudly.
 */
export interface CfnTemplate {
  Resources?: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
  Outputs?: Record<string, { Value: unknown; Export?: { Name: unknown } }>;
  Parameters?: Record<string, { Default?: unknown }>;
}

export interface DeployedStack {
  stackName: string;
  template: CfnTemplate;
}

export const PRETEND_ACCOUNT = '000000000000';

/** The property holding a resource type's physical name (its `Ref` for most types). */
const NAME_PROPERTY: Record<string, string> = {
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::Lambda::Function': 'FunctionName',
  'AWS::S3::Bucket': 'BucketName',
  'AWS::Logs::LogGroup': 'LogGroupName',
  'AWS::IAM::Role': 'RoleName',
  'AWS::SNS::Topic': 'TopicName',
  'AWS::Scheduler::Schedule': 'Name',
};

/** service and resource-path prefix of each type's ARN. */
const ARN_SHAPE: Record<string, (name: string, region: string, account: string) => string> = {
  'AWS::DynamoDB::Table': (name, region, account) => `arn:aws:dynamodb:${region}:${account}:table/${name}`,
  'AWS::Lambda::Function': (name, region, account) => `arn:aws:lambda:${region}:${account}:function:${name}`,
  'AWS::S3::Bucket': (name) => `arn:aws:s3:::${name}`,
  'AWS::Logs::LogGroup': (name, region, account) => `arn:aws:logs:${region}:${account}:log-group:${name}:*`,
  'AWS::IAM::Role': (name, _region, account) => `arn:aws:iam::${account}:role/${name}`,
  'AWS::Cognito::UserPool': (name, region, account) => `arn:aws:cognito-idp:${region}:${account}:userpool/${name}`,
  'AWS::SNS::Topic': (name, region, account) => `arn:aws:sns:${region}:${account}:${name}`,
};

export class CfnResolver {
  constructor(
    private readonly stacks: readonly DeployedStack[],
    readonly region: string,
    readonly account = PRETEND_ACCOUNT,
    /** Physical ids to use for resources without a name property, by logical id (e.g. the user pool's id). */
    private readonly physicalIds: Record<string, string> = {},
  ) {}

  resolve(value: unknown, stack: DeployedStack): unknown {
    if (Array.isArray(value)) return value.map((item) => this.resolve(item, stack));
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 1) {
      const [key, arg] = entries[0]!;
      if (key === 'Ref') return this.ref(String(arg), stack);
      if (key.startsWith('Fn::')) return this.intrinsic(key, arg, stack);
    }
    return Object.fromEntries(entries.map(([key, item]) => [key, this.resolve(item, stack)]));
  }

  resolveString(value: unknown, stack: DeployedStack): string {
    const resolved = this.resolve(value, stack);
    if (typeof resolved !== 'string' && typeof resolved !== 'number') {
      throw new Error(`Expected a string in ${stack.stackName}, got ${JSON.stringify(resolved)}`);
    }
    return String(resolved);
  }

  private ref(name: string, stack: DeployedStack): string {
    switch (name) {
      case 'AWS::AccountId':
        return this.account;
      case 'AWS::Region':
        return this.region;
      case 'AWS::Partition':
        return 'aws';
      case 'AWS::URLSuffix':
        return 'amazonaws.com';
      case 'AWS::StackName':
        return stack.stackName;
      case 'AWS::NoValue':
        return '';
    }
    const parameter = stack.template.Parameters?.[name];
    if (parameter) return String(parameter.Default ?? name);
    const resource = stack.template.Resources?.[name];
    if (!resource) throw new Error(`Ref to unknown ${name} in ${stack.stackName}`);
    return this.physicalName(name, resource, stack);
  }

  private physicalName(
    logicalId: string,
    resource: { Type: string; Properties?: Record<string, unknown> },
    stack: DeployedStack,
  ) {
    const property = NAME_PROPERTY[resource.Type];
    const named = property ? resource.Properties?.[property] : undefined;
    if (named !== undefined) return this.resolveString(named, stack);
    return this.physicalIds[logicalId] ?? `${stack.stackName}-${logicalId}`;
  }

  private getAtt(logicalId: string, attribute: string, stack: DeployedStack): string {
    const resource = stack.template.Resources?.[logicalId];
    if (!resource) throw new Error(`Fn::GetAtt of unknown ${logicalId} in ${stack.stackName}`);
    const name = this.physicalName(logicalId, resource, stack);
    if (attribute === 'Arn') {
      const shape = ARN_SHAPE[resource.Type];
      return shape ? shape(name, this.region, this.account) : `arn:aws:unknown:${this.region}:${this.account}:${name}`;
    }
    return `${name}.${attribute}`;
  }

  private output(stackName: string, outputName: string): unknown {
    const target = this.stacks.find((candidate) => candidate.stackName === stackName);
    const output = target?.template.Outputs?.[outputName];
    if (!target || !output) throw new Error(`No output ${outputName} in stack ${stackName}`);
    return this.resolve(output.Value, target);
  }

  private intrinsic(name: string, arg: unknown, stack: DeployedStack): unknown {
    switch (name) {
      case 'Fn::GetAtt': {
        const [logicalId, attribute] = Array.isArray(arg) ? arg : String(arg).split('.');
        return this.getAtt(String(logicalId), String(attribute), stack);
      }
      case 'Fn::Join': {
        const [separator, parts] = arg as [string, unknown[]];
        return (this.resolve(parts, stack) as unknown[]).map(String).join(separator);
      }
      case 'Fn::Select': {
        const [index, list] = arg as [unknown, unknown];
        return (this.resolve(list, stack) as unknown[])[Number(this.resolve(index, stack))];
      }
      case 'Fn::Split': {
        const [separator, source] = arg as [string, unknown];
        return this.resolveString(source, stack).split(separator);
      }
      case 'Fn::Sub': {
        const [text, variables] = Array.isArray(arg) ? (arg as [string, Record<string, unknown>]) : [String(arg), {}];
        return text.replace(/\$\{([^}!]+)\}/g, (_match, ref: string) => {
          if (ref in variables) return this.resolveString(variables[ref], stack);
          const [logicalId, attribute] = ref.split('.');
          return attribute ? this.getAtt(logicalId!, attribute, stack) : this.ref(ref, stack);
        });
      }
      case 'Fn::GetStackOutput': {
        const { StackName, OutputName } = arg as { StackName: unknown; OutputName: unknown };
        return this.output(this.resolveString(StackName, stack), this.resolveString(OutputName, stack));
      }
      case 'Fn::ImportValue': {
        const exportName = this.resolveString(arg, stack);
        for (const candidate of this.stacks) {
          for (const output of Object.values(candidate.template.Outputs ?? {})) {
            if (output.Export && this.resolveString(output.Export.Name, candidate) === exportName) {
              return this.resolve(output.Value, candidate);
            }
          }
        }
        throw new Error(`No export named ${exportName}`);
      }
      default:
        throw new Error(`${name} is not supported by the local template reader (${stack.stackName})`);
    }
  }
}
