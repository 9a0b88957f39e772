/**
 * A titled card that is a labelled section (its title names the region), and the label / value list shown in
 * many of them: the deal and vehicle pages, the consumer's deal page and portal, the deal form's parts.
 */
import { useId, type ReactNode } from 'react';
import { formatPhone } from '@shared/format';
import { Card, CardContent, CardHeader, CardTitle } from './card';
import styles from './section-card.module.css';

export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card as="section" aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Label / value rows; a value may be any node (a link, a badge). */
export function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A value as shown in Facts, or a dash when there is none. */
export const orDash = (value: string | number | null | undefined): string | number =>
  value == null || value === '' ? '—' : value;

/** A contact link (mailto:, tel:) or a dash. */
export function ContactLink({ kind, value }: { kind: 'mailto' | 'tel'; value: string | null | undefined }) {
  if (!value) return <>—</>;
  return <a href={`${kind}:${value}`}>{kind === 'tel' ? formatPhone(value) : value}</a>;
}
