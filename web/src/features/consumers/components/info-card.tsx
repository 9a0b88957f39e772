/** The portal's and the consumer deal page's titled cards and label / value lists. */
import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import styles from './consumers.module.css';

export function InfoCard({ title, children }: { title: string; children: ReactNode }) {
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

export const orDash = (value: string | number | null | undefined): string | number =>
  value == null || value === '' ? '—' : value;

/** A contact link (mailto:, tel:) or a dash. */
export function ContactLink({ kind, value }: { kind: 'mailto' | 'tel'; value: string | null | undefined }) {
  return value ? <a href={`${kind}:${value}`}>{value}</a> : <>—</>;
}
