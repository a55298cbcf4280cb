// Who a trust policy lets assume its role: the sources of ASSUMES edges.
import { describe, expect, it } from 'vitest';
import { trustedPrincipals } from './trust-policy.js';

const allow = (Principal: unknown, Action: unknown = 'sts:AssumeRole', extra: Record<string, unknown> = {}) => ({ Effect: 'Allow', Principal, Action, ...extra });
const policy = (...Statement: unknown[]) => ({ Version: '2012-10-17', Statement });

describe('trustedPrincipals', () => {
  it('names AWS principals by ARN, a bare account id as its root, and anyone as *', () => {
    expect(trustedPrincipals(policy(allow({ AWS: ['123456789012', 'arn:aws:iam::210987654321:role/ci', '*'] })))).toEqual([
      'arn:aws:iam::123456789012:root',
      'arn:aws:iam::210987654321:role/ci',
      '*',
    ]);
    expect(trustedPrincipals(policy(allow('*')))).toEqual(['*']);
  });

  it('names services and non-ARN federated providers by type and value, federated ARNs as they are', () => {
    const document = policy(
      allow({ Service: ['ec2.amazonaws.com', 'lambda.amazonaws.com'] }),
      allow({ Federated: 'accounts.google.com' }, 'sts:AssumeRoleWithWebIdentity'),
      allow({ Federated: 'arn:aws:iam::123456789012:saml-provider/Okta' }, ['sts:AssumeRoleWithSAML', 'sts:TagSession'], { Condition: { StringEquals: { 'SAML:aud': 'https://signin.aws.amazon.com/saml' } } }),
    );
    expect(trustedPrincipals(document)).toEqual(['Service:ec2.amazonaws.com', 'Service:lambda.amazonaws.com', 'Federated:accounts.google.com', 'arn:aws:iam::123456789012:saml-provider/Okta']);
  });

  it('counts only Allow statements that grant an assume action, wildcards and any case included', () => {
    const document = policy(
      { Effect: 'Deny', Principal: { AWS: 'arn:aws:iam::111111111111:root' }, Action: 'sts:AssumeRole' },
      allow({ AWS: 'arn:aws:iam::222222222222:root' }, 'sts:TagSession'),
      allow({ AWS: 'arn:aws:iam::333333333333:root' }, 'sts:*'),
      allow({ AWS: 'arn:aws:iam::444444444444:root' }, 'STS:assumerole*'),
      allow({ AWS: 'arn:aws:iam::555555555555:root' }, '*'),
      allow({ AWS: 'arn:aws:iam::666666666666:root' }, 'sts:AssumeRol?'),
      { Effect: 'Allow', NotPrincipal: { AWS: 'arn:aws:iam::777777777777:root' }, Action: 'sts:AssumeRole' },
    );
    expect(trustedPrincipals(document)).toEqual(['arn:aws:iam::333333333333:root', 'arn:aws:iam::444444444444:root', 'arn:aws:iam::555555555555:root', 'arn:aws:iam::666666666666:root']);
  });

  it('reads a single statement object, names a principal once, and finds nobody in what is not a policy', () => {
    expect(trustedPrincipals({ Statement: allow({ AWS: 'arn:aws:iam::123456789012:user/ci' }) })).toEqual(['arn:aws:iam::123456789012:user/ci']);
    expect(trustedPrincipals(policy(allow({ Service: 'ssm.amazonaws.com' }), allow({ Service: 'ssm.amazonaws.com' })))).toEqual(['Service:ssm.amazonaws.com']);
    for (const notAPolicy of [null, 'text', 42, {}, { Statement: 'x' }, policy(allow({ AWS: '' }), allow({ AWS: 7 }))]) expect(trustedPrincipals(notAPolicy)).toEqual([]);
  });
});
