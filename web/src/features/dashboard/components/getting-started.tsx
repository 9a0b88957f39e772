import { Link } from 'react-router';
import type { Role } from '@shared/auth/roles';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { gettingStartedSteps } from '../getting-started';
import styles from './dashboard.module.css';

export function GettingStarted({ role }: { role: Role }) {
  return (
    <Card as="section" aria-labelledby="getting-started-title">
      <CardHeader>
        <CardTitle id="getting-started-title">Getting Started</CardTitle>
        <CardDescription>A few first steps to get the most out of LeaseDesk.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className={styles.steps}>
          {gettingStartedSteps(role).map((step) => (
            <li key={step.text} className={styles.step}>
              {step.to ? <Link to={step.to}>{step.text}</Link> : step.text}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
