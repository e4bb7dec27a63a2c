import { useEffect, useState } from 'react';

/**
 * Seconds left until a moment; 0 once it has passed. Read from the clock at each render, so the
 * first one after the moment is set is right too (not the time the screen was opened at).
 */
export function useCountdown(until: number): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), 250);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}
