// ESLint rule `sentinel/tenant-forgery` (type-aware): an OrgId or a SystemScope is
// minted by services/platform/tenancy.ts alone. The rule reads the checker's types, so
// an alias (`x as Tenant`), a union (`x as OrgId | undefined`), a namespace import
// (`x as D.OrgId`) or an object holding one (`row as { org_id: OrgId }`) is seen for
// what it is. It reports:
//   - a type assertion (`as`, `<T>`) whose target type contains OrgId or SystemScope;
//   - an `any` (JSON.parse, an untyped library) passed as, assigned to or returned as a
//     value whose type contains OrgId or SystemScope, where no assertion is written.
import { ESLintUtils } from '@typescript-eslint/utils';
import ts from 'typescript';

const BRANDS = ['OrgId', 'SystemScope'];

/** The brand a type carries or contains (through unions, intersections, properties, arrays), if any. */
function brandWithin(checker, type, seen = new Set()) {
  if (seen.has(type)) return undefined;
  seen.add(type);
  const aliasName = type.aliasSymbol?.getName();
  if (aliasName && BRANDS.includes(aliasName)) return aliasName;
  const symbolName = type.getSymbol()?.getName();
  if (symbolName && BRANDS.includes(symbolName)) return symbolName;
  if (type.isUnionOrIntersection()) {
    for (const member of type.types) {
      const found = brandWithin(checker, member, seen);
      if (found) return found;
    }
    return undefined;
  }
  // OrgId is `string & { __brand: 'OrgId' }`: the object half names it by its brand's value.
  const brand = type.getProperty('__brand');
  if (brand) {
    const brandType = checker.getTypeOfSymbol(brand);
    if (brandType.isStringLiteral() && BRANDS.includes(brandType.value)) return brandType.value;
  }
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    for (const element of checker.getTypeArguments(type)) {
      const found = brandWithin(checker, element, seen);
      if (found) return found;
    }
    return undefined;
  }
  if (type.flags & ts.TypeFlags.Object && !(type.getCallSignatures().length > 0)) {
    for (const property of type.getProperties()) {
      const found = brandWithin(checker, checker.getTypeOfSymbol(property), seen);
      if (found) return found;
    }
  }
  return undefined;
}

const isAny = (type) => (type.flags & ts.TypeFlags.Any) !== 0;

export const tenantForgery = ESLintUtils.RuleCreator.withoutDocs({
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      assertion: 'A {{brand}} comes from services/platform/tenancy.ts (a membership, or a claim under a system scope), never from a type assertion.',
      unsafeAny: 'An untyped (any) value becomes a {{brand}} here; parse it and take the organization from services/platform/tenancy.ts.',
    },
  },
  defaultOptions: [],
  create(context) {
    const services = ESLintUtils.getParserServices(context);
    const checker = services.program.getTypeChecker();
    const typeOf = (node) => services.getTypeAtLocation(node);
    const reportAny = (node, expected) => {
      if (!isAny(typeOf(node))) return;
      const brand = brandWithin(checker, expected);
      if (brand) context.report({ node, messageId: 'unsafeAny', data: { brand } });
    };
    const checkAssertion = (node) => {
      const brand = brandWithin(checker, typeOf(node.typeAnnotation));
      if (brand) context.report({ node, messageId: 'assertion', data: { brand } });
    };
    return {
      TSAsExpression: checkAssertion,
      TSTypeAssertion: checkAssertion,
      CallExpression(node) {
        const signature = checker.getResolvedSignature(services.esTreeNodeToTSNodeMap.get(node));
        if (!signature) return;
        node.arguments.forEach((argument, index) => {
          const parameter = signature.getParameters()[Math.min(index, signature.getParameters().length - 1)];
          if (parameter) reportAny(argument, checker.getTypeOfSymbol(parameter));
        });
      },
      VariableDeclarator(node) {
        if (node.init && node.id.typeAnnotation) reportAny(node.init, typeOf(node.id));
      },
      AssignmentExpression(node) {
        reportAny(node.right, typeOf(node.left));
      },
      Property(node) {
        if (node.parent.type !== 'ObjectExpression') return;
        const contextual = checker.getContextualType(services.esTreeNodeToTSNodeMap.get(node.value));
        if (contextual && node.value.type !== 'AssignmentPattern') reportAny(node.value, contextual);
      },
      ReturnStatement(node) {
        if (!node.argument) return;
        const contextual = checker.getContextualType(services.esTreeNodeToTSNodeMap.get(node.argument));
        if (contextual) reportAny(node.argument, contextual);
      },
    };
  },
});

export default { rules: { 'tenant-forgery': tenantForgery } };
