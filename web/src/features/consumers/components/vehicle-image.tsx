import { useState } from 'react';
import { CarIcon } from '@web/components/ui/car-icon';
import styles from './consumers.module.css';

/** The deal's vehicle photo, or a placeholder when it has none or it fails to load. */
export function VehicleImage({ src, alt }: { src: string | null; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) return <img src={src} alt={alt} onError={() => setFailed(true)} />;
  return (
    <div className={styles.placeholder} role="img" aria-label="No photo available">
      <CarIcon />
    </div>
  );
}
