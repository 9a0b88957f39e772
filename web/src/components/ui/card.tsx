import type { ElementType, HTMLAttributes } from 'react';
import styles from './card.module.css';

type DivProps = HTMLAttributes<HTMLDivElement>;

function cx(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

export function Card({ className, as: Component = 'div', ...props }: DivProps & { as?: ElementType }) {
  return <Component className={cx(styles.card, className)} {...props} />;
}

export function CardHeader({ className, ...props }: DivProps) {
  return <div className={cx(styles.header, className)} {...props} />;
}

/** A card's title; `as` sets the heading level so each page keeps a correct outline. */
export function CardTitle({
  className,
  as: Heading = 'h2',
  ...props
}: HTMLAttributes<HTMLHeadingElement> & { as?: 'h2' | 'h3' | 'h4' }) {
  return <Heading className={cx(styles.title, className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cx(styles.description, className)} {...props} />;
}

export function CardContent({ className, ...props }: DivProps) {
  return <div className={cx(styles.content, className)} {...props} />;
}

export function CardFooter({ className, ...props }: DivProps) {
  return <div className={cx(styles.footer, className)} {...props} />;
}
