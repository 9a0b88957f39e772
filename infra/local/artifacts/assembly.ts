/**
 * The cloud assembly (`cdk.out`) read as a deployment: every function of the app with the asset folder CDK would
 * upload, its handler, timeout and memory, its declared environment and its IAM statements (intrinsics resolved in a
 * pretend account), and what invokes it: the HTTP API's routes, the user pool's triggers, the schedules. The local
 * stack's artifact mode serves the product from exactly this (docs/operations.md "What is proven offline").
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CfnResolver, type CfnTemplate, type DeployedStack } from './cfn-resolve';

export interface PolicyStatement {
  Sid?: string;
  Effect: 'Allow' | 'Deny';
  Action?: string | string[];
  NotAction?: string | string[];
  Resource?: string | string[];
  NotResource?: string | string[];
  Condition?: Record<string, Record<string, string | string[]>>;
}

export interface DeployedFunction {
  /** The physical function name, e.g. leasedesk-dev-deals. */
  name: string;
  stackName: string;
  logicalId: string;
  /** The folder CDK zips and uploads as the function's code. */
  assetDir: string;
  /** `index.handler`: file `index` (.mjs/.js) and export `handler`. */
  handler: string;
  timeoutSeconds: number;
  memoryMb: number;
  /** The environment the template declares, resolved. */
  environment: Record<string, string>;
  /** Every statement of every identity policy attached to the function's role. */
  statements: PolicyStatement[];
}

export interface DeployedApp {
  region: string;
  account: string;
  functions: DeployedFunction[];
  /** "GET /deals/{id}" -> function name. */
  routes: Map<string, string>;
  /** Cognito trigger (PreSignUp, ...) -> function name. */
  triggers: Map<string, string>;
  /** Schedule name -> its target function, expression and input. */
  schedules: { name: string; functionName: string; expression: string; input: unknown }[];
}

interface Manifest {
  artifacts: Record<string, { type: string; properties?: { templateFile?: string; stackName?: string } }>;
}

interface AssetManifest {
  files: Record<string, { source: { path: string; packaging?: string } }>;
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

export function readDeployedApp(outdir: string, options: { region: string; physicalIds?: Record<string, string> }): DeployedApp {
  const manifest = JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8')) as Manifest;
  const stacks: DeployedStack[] = [];
  const assetFolders = new Map<string, string>();
  for (const [id, artifact] of Object.entries(manifest.artifacts)) {
    if (artifact.type === 'aws:cloudformation:stack' && artifact.properties?.templateFile) {
      const template = JSON.parse(readFileSync(join(outdir, artifact.properties.templateFile), 'utf8')) as CfnTemplate;
      stacks.push({ stackName: artifact.properties.stackName ?? id, template });
    }
    if (artifact.type === 'cdk:asset-manifest') {
      const assets = JSON.parse(readFileSync(join(outdir, `${id}.json`), 'utf8')) as AssetManifest;
      for (const [hash, file] of Object.entries(assets.files)) assetFolders.set(hash, join(outdir, file.source.path));
    }
  }
  const resolver = new CfnResolver(stacks, options.region, undefined, options.physicalIds);

  const functions: DeployedFunction[] = [];
  const functionByArn = new Map<string, string>();
  const routes = new Map<string, string>();
  const triggers = new Map<string, string>();
  const schedules: DeployedApp['schedules'] = [];

  for (const stack of stacks) {
    const resources = stack.template.Resources ?? {};
    const statementsByRole = new Map<string, PolicyStatement[]>();
    const addStatements = (roleLogicalId: string, document: unknown) => {
      const resolved = resolver.resolve(document, stack) as { Statement?: PolicyStatement | PolicyStatement[] };
      statementsByRole.set(roleLogicalId, [...(statementsByRole.get(roleLogicalId) ?? []), ...asArray(resolved.Statement)]);
    };
    for (const [logicalId, resource] of Object.entries(resources)) {
      if (resource.Type === 'AWS::IAM::Policy') {
        for (const role of asArray(resource.Properties?.Roles as unknown)) {
          const ref = (role as { Ref?: string }).Ref;
          if (ref) addStatements(ref, resource.Properties?.PolicyDocument);
        }
      }
      if (resource.Type === 'AWS::IAM::Role') {
        for (const policy of asArray(resource.Properties?.Policies as { PolicyDocument: unknown }[] | undefined)) {
          addStatements(logicalId, policy.PolicyDocument);
        }
        if (asArray(resource.Properties?.ManagedPolicyArns as unknown).length) statementsByRole.set(`${logicalId}#managed`, []);
      }
    }

    for (const [logicalId, resource] of Object.entries(resources)) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const props = resource.Properties ?? {};
      const code = props.Code as { S3Key?: unknown; ZipFile?: unknown };
      // The app's functions are named (FeatureFunction); CDK's own deploy-time helpers (bucket deployment, custom
      // resource providers) are not, and never run on a request path.
      if (code.ZipFile !== undefined || !code.S3Key || props.FunctionName === undefined) continue;
      const hash = resolver.resolveString(code.S3Key, stack).replace(/\.zip$/, '');
      const assetDir = assetFolders.get(hash);
      if (!assetDir || !existsSync(assetDir)) throw new Error(`Asset ${hash} of ${logicalId} is not in ${outdir}`);
      const roleLogicalId = ((props.Role as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'] ?? [])[0];
      if (roleLogicalId && statementsByRole.has(`${roleLogicalId}#managed`)) {
        throw new Error(`${logicalId}'s role has managed policies: the local IAM check reads identity policies only`);
      }
      const variables = ((props.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {}) as Record<
        string,
        unknown
      >;
      const fn: DeployedFunction = {
        name: resolver.resolveString(props.FunctionName ?? logicalId, stack),
        stackName: stack.stackName,
        logicalId,
        assetDir,
        handler: String(props.Handler ?? 'index.handler'),
        timeoutSeconds: Number(props.Timeout ?? 3),
        memoryMb: Number(props.MemorySize ?? 128),
        environment: Object.fromEntries(
          Object.entries(variables).map(([key, value]) => [key, resolver.resolveString(value, stack)]),
        ),
        statements: roleLogicalId ? (statementsByRole.get(roleLogicalId) ?? []) : [],
      };
      functions.push(fn);
      functionByArn.set(resolver.resolveString({ 'Fn::GetAtt': [logicalId, 'Arn'] }, stack), fn.name);
    }
  }

  const functionOf = (arn: string, what: string): string => {
    const name = functionByArn.get(arn.replace(/:\$LATEST$/, ''));
    if (!name) throw new Error(`${what} targets ${arn}, which is not a function of the assembly`);
    return name;
  };

  for (const stack of stacks) {
    const resources = stack.template.Resources ?? {};
    for (const resource of Object.values(resources)) {
      const props = resource.Properties ?? {};
      if (resource.Type === 'AWS::ApiGatewayV2::Route') {
        const routeKey = resolver.resolveString(props.RouteKey, stack);
        const target = resolver.resolveString(props.Target, stack); // integrations/<integration physical id>
        const integrationId = Object.entries(resources).find(
          ([logicalId, candidate]) =>
            candidate.Type === 'AWS::ApiGatewayV2::Integration' &&
            target === `integrations/${resolver.resolveString({ Ref: logicalId }, stack)}`,
        )?.[1];
        if (!integrationId) throw new Error(`Route ${routeKey} has no integration in ${stack.stackName}`);
        routes.set(routeKey, functionOf(resolver.resolveString(integrationId.Properties?.IntegrationUri, stack), routeKey));
      }
      if (resource.Type === 'AWS::Cognito::UserPool') {
        const config = (resolver.resolve(props.LambdaConfig ?? {}, stack) ?? {}) as Record<string, string>;
        for (const [trigger, arn] of Object.entries(config)) triggers.set(trigger, functionOf(arn, trigger));
      }
      if (resource.Type === 'AWS::Scheduler::Schedule') {
        const target = resolver.resolve(props.Target, stack) as { Arn: string; Input?: string };
        const name = resolver.resolveString(props.Name, stack);
        schedules.push({
          name,
          functionName: functionOf(target.Arn, name),
          expression: resolver.resolveString(props.ScheduleExpression, stack),
          input: target.Input ? (JSON.parse(target.Input) as unknown) : {},
        });
      }
    }
  }

  return { region: options.region, account: resolver.account, functions, routes, triggers, schedules };
}
