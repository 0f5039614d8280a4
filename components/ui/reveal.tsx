import { useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './reveal.module.scss';

/**
 * Scroll reveal: content below the fold slides up into view the first time it enters the viewport. Content
 * already in view when the screen opens was painted with the page (the prerendered first screen) and is not
 * hidden again. Without IntersectionObserver, or with reduced motion asked for, it is simply shown.
 */
export function Reveal({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'idle' | 'waiting' | 'shown'>('idle');

  useEffect(() => {
    const el = ref.current;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (!el || typeof IntersectionObserver === 'undefined' || reduced) {
      setState('shown');
      return;
    }
    if (el.getBoundingClientRect().top < window.innerHeight) {
      setState('shown');
      return;
    }
    setState('waiting');
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setState('shown');
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const stateClass = state === 'waiting' ? styles.waiting : state === 'shown' ? styles.shown : '';
  return (
    <div ref={ref} className={`${styles.reveal} ${stateClass} ${className ?? ''}`}>
      {children}
    </div>
  );
}
