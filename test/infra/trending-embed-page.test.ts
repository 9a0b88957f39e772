/**
 * The trending embed's page written by the rank-trending job (docs/decisions.md, "Public pages"): the job may read
 * the built page and write the filled one, those two objects of the site bucket and nothing else of it; CloudFront's
 * embed behaviour serves the written page first and the built one while there is none; the web deployment neither
 * prunes nor overwrites the written page.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { TRENDING_EMBED_PATH } from '@infra/stacks/web-stack';
import { EMBED_BUILT_KEY, EMBED_RENDERED_KEY } from '@shared/marketplace/trending-embed';
import { buildApp, cleanupCdkTemp, logicalIdOf, templateOf } from './support';

afterAll(cleanupCdkTemp);

const { stacks } = buildApp({ context: { stage: 'dev' } });
const schedules = templateOf(stacks.schedules);
const web = templateOf(stacks.web);

type Json = Record<string, unknown>;

/** The Allow statements of a function's execution role. */
function statementsOf(template: Template, functionName: string): Json[] {
  const roleId = logicalIdOf(template, 'AWS::IAM::Role', { Description: `Execution role of ${functionName}` });
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) =>
      (policy.Properties.Roles as unknown[]).some((role) => JSON.stringify(role) === JSON.stringify({ Ref: roleId })),
    )
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Json[])
    .filter((statement) => statement.Effect === 'Allow');
}

const distribution = () =>
  Object.values(web.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig as Json;
/** The site bucket's object ARN of `key`, as the template joins it. */
const siteObject = (key: string) =>
  new RegExp(`:s3:::leasedesk-dev-web-",\\{"Ref":"AWS::AccountId"\\},"-",\\{"Ref":"AWS::Region"\\},"/${key}"\\]\\]\\}$`);

describe('the trending embed page the rank-trending job writes', () => {
  it("gives the job GetObject on the built page and PutObject on the written page, on the site bucket's two keys only", () => {
    const s3 = statementsOf(schedules, 'leasedesk-dev-rank-trending').filter((statement) =>
      [statement.Action].flat().some((action) => String(action).startsWith('s3:')),
    );

    expect(s3.map((statement) => statement.Action)).toEqual(['s3:GetObject', 's3:PutObject']);
    const [read, put] = s3.map((statement) => [statement.Resource].flat());
    expect(read).toHaveLength(1);
    expect(put).toHaveLength(1);
    expect(JSON.stringify(read![0])).toMatch(siteObject(EMBED_BUILT_KEY));
    expect(JSON.stringify(put![0])).toMatch(siteObject(EMBED_RENDERED_KEY.replace('/', '\\/')));
    expect(JSON.stringify(s3)).not.toContain('*');
  });

  it('tells the job the site bucket by name', () => {
    const [fn] = Object.values(
      schedules.findResources('AWS::Lambda::Function', { Properties: { FunctionName: 'leasedesk-dev-rank-trending' } }),
    );
    expect(JSON.stringify((fn!.Properties.Environment as Json).Variables)).toMatch(
      /"SITE_BUCKET":\{"Fn::Join":\["",\["leasedesk-dev-web-"/,
    );
  });

  it('serves the embed from the written page, falling over to the built page on 404 while there is none', () => {
    const config = distribution();
    const behaviour = (config.CacheBehaviors as Json[]).find((candidate) => candidate.PathPattern === TRENDING_EMBED_PATH)!;
    const groups = (config.OriginGroups as { Items: Json[] }).Items;
    const group = groups.find((candidate) => candidate.Id === behaviour.TargetOriginId)!;
    const members = (group.Members as { Items: { OriginId: string }[] }).Items.map((member) => member.OriginId);
    const origins = new Map((config.Origins as Json[]).map((origin) => [origin.Id as string, origin]));
    const [primary, fallback] = members.map((id) => origins.get(id)!);

    expect((group.FailoverCriteria as { StatusCodes: { Items: number[] } }).StatusCodes.Items).toEqual([404]);
    expect(primary!.OriginPath).toBe('/rendered');
    expect(fallback!.OriginPath ?? '').toBe('');
    expect(primary!.DomainName).toEqual(fallback!.DomainName);
    expect(primary!.OriginAccessControlId).toEqual(fallback!.OriginAccessControlId);
    // The fallback is the site origin the app's default behaviour reads.
    expect(fallback!.Id).toBe((config.DefaultCacheBehavior as Json).TargetOriginId);
  });

  it('keeps the written page through a deploy: the site deployment prunes, but never under rendered/', () => {
    const deployments = Object.values(web.findResources('Custom::CDKBucketDeployment')).map(
      (deployment) => deployment.Properties,
    );
    const pruning = deployments.filter((deployment) => deployment.Prune !== false);

    expect(pruning.length).toBeGreaterThan(0);
    for (const deployment of pruning) expect(deployment.Exclude).toEqual(expect.arrayContaining(['rendered/*']));
  });
});
