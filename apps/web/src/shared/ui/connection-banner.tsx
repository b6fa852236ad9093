import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { connectionOf, pricesLiveOf, useConnectivityStore } from '../realtime/connectivity.ts';
import './connection-banner.css';

/** A socket that comes back within this long shows no banner (a brief reconnect is not worth a flash). */
const RECONNECT_GRACE_MS = 1500;

type Shown = 'offline' | 'reconnecting' | 'paused' | 'stale' | null;

/**
 * The slim banner every screen shows while the app is offline, reconnecting its live socket, getting no prices
 * (issue 17), or told by the server that its prices are paused (`FEED_STATUS`, DESIGN §15; they resume by themselves). It also marks the page (`<html data-connection data-prices>`): prices that are not live are dimmed
 * (`.is-live` in global.css) and the trading buttons read the same state (connectivity.ts).
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const connection = useConnectivityStore(connectionOf);
  const pricesLive = useConnectivityStore(pricesLiveOf);
  const feedSilent = useConnectivityStore((s) => s.feedSilent);
  const feedPaused = useConnectivityStore((s) => s.feedPaused);
  const [graceOver, setGraceOver] = useState(false);

  useEffect(() => {
    if (connection !== 'reconnecting') return;
    const timer = setTimeout(() => setGraceOver(true), RECONNECT_GRACE_MS);
    return () => {
      clearTimeout(timer);
      setGraceOver(false);
    };
  }, [connection]);

  const shown: Shown =
    connection === 'offline'
      ? 'offline'
      : connection === 'reconnecting'
        ? graceOver
          ? 'reconnecting'
          : null
        : feedPaused
          ? 'paused'
          : feedSilent
            ? 'stale'
            : null;

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.connection = shown ?? 'online';
    root.dataset.prices = pricesLive ? 'live' : 'stale';
  }, [shown, pricesLive]);

  if (!shown) return null;
  return (
    <div className={`connection-banner is-${shown}`} role="status" aria-live="polite" data-testid="connection-banner">
      {shown !== 'offline' && <span className="connection-spinner" aria-hidden="true" />}
      <span className="connection-text" data-testid={`connection-${shown}`}>
        {t(`connection.${shown}`)}
      </span>
    </div>
  );
}
