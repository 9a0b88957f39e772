import { useState } from 'react';
import { CarIcon } from '@web/components/ui/car-icon';
import styles from './marketplace.module.css';

/** The vehicle's photo, or a placeholder when it has none or it fails to load (moved, offline). */
export function VehicleImage({ src, alt, eager = false }: { src: string | null; alt: string; eager?: boolean }) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return <img src={src} alt={alt} loading={eager ? 'eager' : 'lazy'} onError={() => setFailed(true)} />;
  }
  return (
    <div className={styles.placeholder} role="img" aria-label="No photo available">
      <CarIcon />
    </div>
  );
}
