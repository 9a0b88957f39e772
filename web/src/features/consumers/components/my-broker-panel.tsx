/** The portal's "My Broker" tab: who the consumer's broker is and how to reach them. */
import type { ConsumerBroker } from '@shared/consumers/api';
import { Card, CardContent } from '@web/components/ui/card';
import { ContactLink, Facts, SectionCard } from '@web/components/ui/section-card';
import styles from './consumers.module.css';

export function MyBrokerPanel({ broker }: { broker: ConsumerBroker | null }) {
  if (!broker) {
    return (
      <Card>
        <CardContent>
          <p className={styles.muted}>Your broker's details will appear here as soon as a broker is assigned to you.</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <SectionCard title="My Broker">
      <div className={styles.stack}>
        <div className={styles.broker}>
          {broker.profilePhotoUrl && <img className={styles.photo} src={broker.profilePhotoUrl} alt="" />}
          <p className={styles.carName}>{broker.fullName}</p>
        </div>
        <Facts
          rows={[
            ['Email', <ContactLink kind="mailto" value={broker.email} />],
            ['Phone', <ContactLink kind="tel" value={broker.phone} />],
          ]}
        />
      </div>
    </SectionCard>
  );
}
