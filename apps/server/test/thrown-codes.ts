/**
 * Which AppError codes each route can throw, read from the source (decision 088): from every
 * call that registers a route of the contract's table (`addRoute(app, opts, r.login, …)`, or a
 * hand-registered route naming its entry), through every function its handler calls, directly
 * or by name, into the server's and the contract's code: each `new AppError(code)` adds the
 * string literal types of `code` (a conditional or a domain decision's typed code is a union).
 *
 * It over-approximates (a shared function's codes count for every caller). A code typed as any
 * ErrorCode tells it nothing: such sites are reported, to be typed as the codes they can be.
 */
import path from 'node:path';
import ts from 'typescript';

const serverRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(serverRoot, '../..');
const ourCode = (file: string) =>
  !file.endsWith('.d.ts') &&
  !file.includes('node_modules') &&
  (file.startsWith(path.join(serverRoot, 'src')) || file.startsWith(path.join(repoRoot, 'packages/contract/src')));
const isRouteFile = (file: string) => file.startsWith(path.join(serverRoot, 'src')) && !file.includes('.test.');

type FunctionNode = ts.FunctionLikeDeclaration;

export interface ThrownCodes {
  /** By route, as `group.key` (the OpenAPI operationId). */
  byRoute: Map<string, Set<string>>;
  /** `file:line` of each `new AppError(code)` whose code is typed as any ErrorCode: it tells nothing. */
  untyped: Set<string>;
}

export function thrownCodes(): ThrownCodes {
  const untyped = new Set<string>();
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(serverRoot, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('no tsconfig');
  const rootNames = config.fileNames.filter((f) => f.startsWith(path.join(serverRoot, 'src')) && !f.includes('.test.'));
  const program = ts.createProgram({ rootNames, options: config.options });
  const checker = program.getTypeChecker();

  /** The route table entry a node names (`r.login`, `r.download.path`), as `group.key`. */
  function routeEntry(node: ts.Node): string | undefined {
    if (ts.isPropertyAccessExpression(node)) {
      const symbol = resolved(checker.getSymbolAtLocation(node.name));
      const decl = symbol?.declarations?.[0];
      if (decl && ts.isPropertyAssignment(decl) && decl.getSourceFile().fileName.includes('packages/contract/src/routes/')) {
        let table: ts.Node = decl.parent;
        while (ts.isAsExpression(table.parent) || ts.isSatisfiesExpression(table.parent)) table = table.parent;
        if (
          ts.isVariableDeclaration(table.parent) &&
          ts.isIdentifier(table.parent.name) &&
          table.parent.name.text.endsWith('Routes')
        ) {
          return `${table.parent.name.text.slice(0, -6)}.${decl.name.getText()}`;
        }
      }
    }
    if (ts.isIdentifier(node)) {
      // `const def = notificationRoutes.stream; app.get(API_PREFIX + def.path, …)`
      const decl = resolved(checker.getSymbolAtLocation(node))?.declarations?.[0];
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.isPropertyAccessExpression(decl.initializer)) {
        return routeEntry(decl.initializer);
      }
    }
    if (ts.isFunctionLike(node)) return undefined;
    return ts.forEachChild(node, routeEntry);
  }

  function resolved(symbol: ts.Symbol | undefined): ts.Symbol | undefined {
    return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  }

  /** The bodies a reference leads to: a function, a method, or a variable or property holding one. */
  function functionsOf(symbol: ts.Symbol | undefined, seen = new Set<ts.Symbol>()): FunctionNode[] {
    symbol = resolved(symbol);
    if (!symbol || seen.has(symbol)) return [];
    seen.add(symbol);
    const found: FunctionNode[] = [];
    for (const decl of symbol.declarations ?? []) {
      if (!ourCode(decl.getSourceFile().fileName)) continue;
      if (ts.isFunctionLike(decl) && 'body' in decl && decl.body) found.push(decl as FunctionNode);
      else if ((ts.isVariableDeclaration(decl) || ts.isPropertyAssignment(decl)) && decl.initializer) {
        const init = skipOuter(decl.initializer);
        if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) found.push(init);
        else if (ts.isIdentifier(init) || ts.isPropertyAccessExpression(init)) found.push(...functionsOf(symbolAt(init), seen));
      } else if (ts.isShorthandPropertyAssignment(decl)) {
        found.push(...functionsOf(checker.getShorthandAssignmentValueSymbol(decl), seen));
      } else if ((ts.isMethodSignature(decl) || ts.isPropertySignature(decl)) && decl.name) {
        // A call through an interface (a storage or payment adapter): every implementation.
        found.push(...(implementations().get(decl.parent)?.get(decl.name.getText()) ?? []));
      }
    }
    return found;
  }

  /** The functions each interface's members are given by, in the object literals typed as it. */
  let byInterface: Map<ts.Node, Map<string, FunctionNode[]>> | undefined;
  function implementations() {
    if (byInterface) return byInterface;
    byInterface = new Map();
    for (const source of program.getSourceFiles().filter((f) => ourCode(f.fileName))) {
      const visit = (node: ts.Node) => {
        if (ts.isObjectLiteralExpression(node)) {
          const target = checker.getContextualType(node)?.getSymbol()?.declarations?.[0];
          if (
            target &&
            (ts.isInterfaceDeclaration(target) || ts.isTypeLiteralNode(target)) &&
            ourCode(target.getSourceFile().fileName)
          ) {
            const members = byInterface!.get(target) ?? new Map<string, FunctionNode[]>();
            for (const property of node.properties) {
              const name = property.name?.getText();
              const fns = name ? functionsOf(checker.getSymbolAtLocation(property.name!)) : [];
              if (name && fns.length > 0) members.set(name, [...(members.get(name) ?? []), ...fns]);
            }
            byInterface!.set(target, members);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    return byInterface;
  }

  const skipOuter = (e: ts.Expression): ts.Expression =>
    ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) ? skipOuter(e.expression) : e;
  const symbolAt = (node: ts.Node) => checker.getSymbolAtLocation(ts.isPropertyAccessExpression(node) ? node.name : node);

  /** A node's own codes and the functions it refers to (called or passed on by name). */
  const direct = new Map<ts.Node, { codes: string[]; refers: FunctionNode[] }>();
  function scan(root: ts.Node) {
    const known = direct.get(root);
    if (known) return known;
    const result = { codes: [] as string[], refers: [] as FunctionNode[] };
    direct.set(root, result);
    const visit = (node: ts.Node) => {
      if (
        ts.isNewExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'AppError' &&
        node.arguments?.[0]
      ) {
        const codes = literals(checker.getTypeAtLocation(node.arguments[0]));
        if (codes.length === 0) {
          const { line } = node.getSourceFile().getLineAndCharacterOfPosition(node.getStart());
          untyped.add(`${path.relative(repoRoot, node.getSourceFile().fileName)}:${line + 1}`);
        }
        result.codes.push(...codes);
      }
      if (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node)) {
        if (!(node.parent && ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) {
          result.refers.push(...functionsOf(symbolAt(node)));
        }
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(root, visit);
    return result;
  }

  const allCodes = new Set<string>();
  /** The string literals of a type; none for a type as wide as every code (it tells nothing). */
  function literals(type: ts.Type): string[] {
    const parts = type.isUnion() ? type.types : [type];
    const values = parts.filter((t) => t.isStringLiteral()).map((t) => (t as ts.StringLiteralType).value);
    return values.length > 0 && values.length >= allCodes.size ? [] : values;
  }

  const byRoute = new Map<string, Set<string>>();
  const sources = program.getSourceFiles().filter((f) => isRouteFile(f.fileName));
  // The size of ErrorCode, so that a code typed as any of them is told apart.
  const app = sources.find((f) => f.fileName.endsWith('platform/errors/app-error.ts'));
  app?.forEachChild((node) => {
    if (ts.isVariableStatement(node) && node.getText().includes('ERROR_STATUS')) {
      const decl = node.declarationList.declarations[0];
      if (decl?.initializer && ts.isObjectLiteralExpression(decl.initializer)) {
        for (const p of decl.initializer.properties) if (p.name) allCodes.add(p.name.getText());
      }
    }
  });
  for (const source of sources) {
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const operationId = node.arguments.map(routeEntry).find(Boolean);
        if (operationId) {
          const codes = byRoute.get(operationId) ?? new Set<string>();
          const seen = new Set<ts.Node>();
          const queue: ts.Node[] = [...node.arguments];
          while (queue.length > 0) {
            const next = queue.pop()!;
            if (seen.has(next)) continue;
            seen.add(next);
            const { codes: own, refers } = scan(next);
            for (const code of own) codes.add(code);
            queue.push(...refers);
          }
          byRoute.set(operationId, codes);
          return;
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { byRoute, untyped };
}
