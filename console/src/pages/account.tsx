import type { HealthCard } from '@gatehouse/contract/browser';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { auditColumns } from '../components/audit-columns.tsx';
import { Badge, ErrorAlert, PageHeader } from '../components/badges.tsx';
import { DataTable } from '../components/data-table.tsx';
import { Remedies } from '../components/remedies.tsx';
import { formatTime, useI18n } from '../i18n/index.tsx';
import { useFetch } from '../lib/use-fetch.ts';

function Fact({ label, children, full = false }: { label: string; children: ReactNode; full?: boolean }) {
  return (
    <div className={full ? 'fact full' : 'fact'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function AccountPage() {
  const { id = '' } = useParams();
  const { t, language } = useI18n();
  const { data, error, loading, reload } = useFetch<{ data: HealthCard }>(`/admin/v1/accounts/${encodeURIComponent(id)}`);
  const [notice, setNotice] = useState<string | null>(null);
  const columns = useMemo(() => auditColumns(t, language, false), [t, language]);
  const yesNo = (value: boolean) => (value ? t('status.yes') : t('status.no'));

  if (error) {
    return (
      <section>
        <Link to="/accounts" className="back-link">
          ← {t('card.back')}
        </Link>
        <ErrorAlert error={error} {...(error.status === 404 ? { text: t('card.notFound') } : {})} />
      </section>
    );
  }
  if (!data) return <p className="muted">{loading ? t('table.loading') : ''}</p>;
  const card = data.data;

  return (
    <section aria-labelledby="card-title">
      <Link to="/accounts" className="back-link">
        ← {t('card.back')}
      </Link>
      <PageHeader
        title={
          <span id="card-title" className="card-title">
            {card.email}
          </span>
        }
        lead={
          <span className="badges">
            {card.disabled ? <Badge tone="bad">{t('status.disabled')}</Badge> : <Badge tone="good">{t('status.active')}</Badge>}
            {!card.emailVerified && <Badge tone="warn">{t('status.unverified')}</Badge>}
            {card.signInPaused.paused && <Badge tone="warn">{t('status.paused')}</Badge>}
            {card.twoFactor.enabled && <Badge tone="info">{t('card.twoFactor')}</Badge>}
          </span>
        }
      />
      {notice && (
        <p className="alert success" role="status">
          {notice}
        </p>
      )}
      <div className="account-grid">
        <div className="card-column">
          <section className="panel" aria-labelledby="card-identity">
            <h2 id="card-identity">{t('card.identity')}</h2>
            <dl className="facts">
              <Fact label={t('card.accountId')} full>
                <span className="mono">{card.id}</span>
              </Fact>
              <Fact label={t('card.emailVerified')}>{yesNo(card.emailVerified)}</Fact>
              <Fact label={t('card.hasPassword')}>{yesNo(card.hasPassword)}</Fact>
              <Fact label={t('card.createdAt')}>{formatTime(card.createdAt, language)}</Fact>
              <Fact label={t('card.lastSignIn')}>{card.lastSignInAt ? formatTime(card.lastSignInAt, language) : t('status.never')}</Fact>
            </dl>
          </section>
          <section className="panel" aria-labelledby="card-signin">
            <h2 id="card-signin">{t('card.signIn')}</h2>
            <dl className="facts">
              <Fact label={t('card.disabled')}>
                {card.disabled ? (
                  <Badge tone="bad">{t('card.disabledSince', { at: formatTime(card.disabledAt, language) })}</Badge>
                ) : (
                  t('status.no')
                )}
              </Fact>
              <Fact label={t('card.paused')} full>
                {card.signInPaused.paused ? (
                  <Badge tone="warn">
                    {t('card.pausedUntil', { failures: card.signInPaused.failures, until: formatTime(card.signInPaused.until, language) })}
                  </Badge>
                ) : (
                  t('card.notPaused', { failures: card.signInPaused.failures })
                )}
              </Fact>
              <Fact label={t('card.twoFactor')}>{yesNo(card.twoFactor.enabled)}</Fact>
              <Fact label={t('card.passkeys')}>{card.passkeys}</Fact>
              <Fact label={t('card.sessions')}>{card.sessions}</Fact>
            </dl>
          </section>
          <section className="panel" aria-labelledby="card-license">
            <h2 id="card-license">{t('card.license')}</h2>
            {card.license ? (
              <dl className="facts">
                <Fact label={t('col.plan')}>
                  {card.license.plan} <span className="muted">({t(`card.licenseSource.${card.license.source}`)})</span>
                </Fact>
                <Fact label={t('col.status')}>{card.license.status}</Fact>
                <Fact label={t('col.key')}>
                  <span className="mono">…{card.license.keySuffix}</span>
                </Fact>
                <Fact label={t('col.expiresAt')}>
                  {card.license.expiresAt ? formatTime(card.license.expiresAt, language) : t('licenses.never')}
                </Fact>
              </dl>
            ) : (
              <p className="muted">{t('card.noLicense')}</p>
            )}
          </section>
          <section className="panel" aria-labelledby="card-teams">
            <h2 id="card-teams">{t('card.teams')}</h2>
            {card.teams.length === 0 ? (
              <p className="muted">{t('card.noTeams')}</p>
            ) : (
              <ul className="plain-list">
                {card.teams.map((team) => (
                  <li key={team.id}>
                    <Link to={`/teams/${encodeURIComponent(team.id)}`} className="strong-link">
                      {team.name}
                    </Link>{' '}
                    <Badge tone="neutral">{team.role}</Badge>
                    {team.twoFactorRequired && <Badge tone="neutral">{t('card.requires2fa')}</Badge>}
                    {team.withheld && <Badge tone="warn">{t('card.withheld')}</Badge>}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="panel" aria-labelledby="card-ways">
            <h2 id="card-ways">{t('card.ways')}</h2>
            {card.identities.length === 0 ? (
              <p className="muted">{t('card.noIdentities')}</p>
            ) : (
              <ul className="plain-list">
                {card.identities.map((identity) => (
                  <li key={identity.provider}>
                    <strong>{identity.provider}</strong> {identity.email ?? ''}{' '}
                    <span className="muted">{formatTime(identity.lastUsedAt ?? identity.linkedAt, language)}</span>
                  </li>
                ))}
              </ul>
            )}
            {card.panelUsers.length > 0 && (
              <>
                <h3>{t('card.panelUsers')}</h3>
                <ul className="plain-list">
                  {card.panelUsers.map((panel) => (
                    <li key={`${panel.panelId}/${panel.panelUserId}`} className="mono">
                      {panel.panelId} · {panel.panelUserId}
                    </li>
                  ))}
                </ul>
              </>
            )}
            <h3>{t('card.apps')}</h3>
            {card.connectedApps.length === 0 ? (
              <p className="muted">{t('card.noApps')}</p>
            ) : (
              <ul className="plain-list">
                {card.connectedApps.map((app) => (
                  <li key={app.id}>
                    <strong>{app.name}</strong> <span className="muted">{formatTime(app.lastUsedAt, language)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <Remedies
          card={card}
          onDone={(message) => {
            setNotice(message);
            reload();
          }}
        />
      </div>
      <section className="panel wide-panel" aria-labelledby="card-events">
        <div className="panel-head">
          <h2 id="card-events">{t('card.events')}</h2>
          <Link to={`/audit?accountId=${encodeURIComponent(card.id)}`} className="text-link">
            {t('card.allEvents')} →
          </Link>
        </div>
        <DataTable caption={t('card.events')} columns={columns} rows={card.recentEvents} rowKey={(row) => row.id} />
      </section>
    </section>
  );
}
