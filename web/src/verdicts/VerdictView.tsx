import { Link } from '@tanstack/react-router';
import type { components } from '../../../api/openapi';
import { Timestamp } from '../components/Timestamp';

type Verdict = components['schemas']['Verdict'];

/** A recorded verdict: pass or blocking, the policy version it used, and every rule with its match count. */
export function VerdictView({ verdict }: { verdict: Verdict }) {
  return (
    <div className="verdict">
      <p className={`verdict-outcome verdict-outcome-${verdict.outcome}`}>
        {verdict.blocking ? 'Blocking: a block rule matched' : 'Pass: no block rule matched'}
      </p>
      <p>
        Policy{' '}
        <Link to="/policies/$policyId" params={{ policyId: verdict.policy.id }}>
          {verdict.policy.name}
        </Link>{' '}
        version {verdict.policy.version}, recorded <Timestamp value={verdict.created_at} />. {verdict.evaluated_findings.toLocaleString()} findings evaluated,{' '}
        {verdict.suppressed_findings.toLocaleString()} suppressed set aside.
      </p>
      <table className="findings labelled">
        <caption className="visually-hidden">Rules of the verdict</caption>
        <thead>
          <tr>
            <th scope="col">Rule</th>
            <th scope="col">Effect</th>
            <th scope="col">Matches</th>
            <th scope="col">Blocks</th>
          </tr>
        </thead>
        <tbody>
          {verdict.rules.map((rule) => (
            <tr key={rule.name}>
              <td className="title">{rule.name}</td>
              <td data-label="Effect">{rule.effect}</td>
              <td data-label="Matches">{rule.match_count.toLocaleString()}</td>
              <td data-label="Blocks">{rule.blocking ? <strong className="blocks">Blocks</strong> : 'No'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
