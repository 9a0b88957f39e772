/**
 * CloudFormation values of a synthesized template as readable strings: deploy-time references are kept as
 * placeholders (`<AWS::Region>`, `<Ref:Id>`, `<GetAtt:Id.Attr>`, `<Output:Name>`, `<Import:Name>`) so that two
 * values built from the same references compare equal as strings. The local production edge uses it to find the
 * stage's origins inside the template's CSP and origins; the infra tests use it to assert on policies.
 */

export function flattenCfn(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  const node = (value ?? {}) as Record<string, unknown>;
  if ('Fn::Join' in node) {
    const [separator, parts] = node['Fn::Join'] as [string, unknown[]];
    return parts.map(flattenCfn).join(separator);
  }
  if ('Ref' in node) return String(node.Ref).startsWith('AWS::') ? `<${String(node.Ref)}>` : `<Ref:${String(node.Ref)}>`;
  if ('Fn::GetAtt' in node) return `<GetAtt:${(node['Fn::GetAtt'] as string[]).join('.')}>`;
  if ('Fn::ImportValue' in node) return `<Import:${flattenCfn(node['Fn::ImportValue'])}>`;
  if ('Fn::GetStackOutput' in node) return `<Output:${(node['Fn::GetStackOutput'] as { OutputName: string }).OutputName}>`;
  if ('Fn::Select' in node) {
    const [index, list] = node['Fn::Select'] as [number, unknown];
    const split = (list as Record<string, unknown>)['Fn::Split'] as [string, unknown] | undefined;
    if (!split) throw new Error(`Cannot flatten Fn::Select over ${JSON.stringify(list)}`);
    const [separator, source] = split;
    const text = flattenCfn(source);
    // A literal is split now; a reference stays symbolic (its parts are only known at deploy time).
    return /<[^>]+>/.test(text) ? `<Select:${index}:${separator}:${text}>` : (text.split(separator)[index] ?? '');
  }
  throw new Error(`Cannot flatten ${JSON.stringify(value)}`);
}

/** Whether a flattened value still holds a deploy-time reference. */
export const hasPlaceholder = (text: string): boolean => /<[^>]+>/.test(text);
