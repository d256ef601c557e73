// Ratchet's pure rules (docs/ratchet.md): which hosts are cloud metadata in any written form, the IPv4
// forms inet_aton reads, and one statement per call read the way each database reads the text.
import { describe, expect, it } from 'vitest';
import { looseIpv4 } from '../../../src/server/platform/addresses';
import { bindSearch, firstKeyword, singleStatement } from '../../../src/server/ratchet/statement';
import { isMetadataAddress, isRefusedHost } from '../../../src/server/ratchet/target';

describe('ratchet targets', () => {
  it('reads IPv4 as inet_aton does', () => {
    expect(looseIpv4('2852039166')).toBe('169.254.169.254');
    expect(looseIpv4('0xa9fea9fe')).toBe('169.254.169.254');
    expect(looseIpv4('0251.0376.0251.0376')).toBe('169.254.169.254');
    expect(looseIpv4('169.254.43518')).toBe('169.254.169.254');
    expect(looseIpv4('169.16689662')).toBe('169.254.169.254');
    expect(looseIpv4('127.1')).toBe('127.0.0.1');
    expect(looseIpv4('db.example.com')).toBeNull();
    expect(looseIpv4('256.1.1.1')).toBeNull();
    expect(looseIpv4('1.2.3.256')).toBeNull();
    expect(looseIpv4('08.1.1.1')).toBeNull();
  });

  it('refuses metadata hosts in every form and allows loopback, private and public ones', () => {
    for (const host of ['169.254.169.254', '169.254.170.2', '2852039166', '0xA9FEA9FE', '[::ffff:169.254.169.254]', '::ffff:a9fe:a9fe', '::169.254.169.254', '64:ff9b::a9fe:a9fe', '2002:a9fe:a9fe::1', 'fd00:ec2::254', 'FD00:EC2:0:0:0:0:0:254', '100.100.100.200', 'fe80::1%eth0', 'metadata.google.internal', 'Metadata.Google.Internal.', 'x.metadata.google.internal', 'metadata']) {
      expect(isRefusedHost(host), host).toBe(true);
    }
    for (const host of ['127.0.0.1', 'localhost', '10.0.0.5', '172.16.3.4', '192.168.1.1', '::1', 'fd00::1', 'db.internal', '100.100.100.201', '8.8.8.8']) expect(isRefusedHost(host), host).toBe(false);
    expect(isMetadataAddress('169.254.169.254')).toBe(true);
    expect(isMetadataAddress('93.184.216.34')).toBe(false);
  });
});

describe('one statement per call', () => {
  it('allows one statement with or without its closing semicolon', () => {
    expect(singleStatement('select 1;', 'postgres')).toBe('select 1');
    expect(singleStatement('  select 1 ; -- done\n', 'postgres')).toBe('select 1');
    expect(singleStatement("select ';' as a", 'postgres')).toBe("select ';' as a");
    expect(singleStatement('select $tag$;$tag$, "a;b" from t', 'postgres')).toBe('select $tag$;$tag$, "a;b" from t');
    expect(singleStatement('select 1 /* ; /* nested ; */ ; */', 'postgres')).toBe('select 1 /* ; /* nested ; */ ; */');
    expect(singleStatement("select E'\\';' ", 'postgres')).toBe("select E'\\';'");
    expect(singleStatement("select 'a\\';', `x;y` # ;\n", 'mariadb')).toBe("select 'a\\';', `x;y` # ;");
    // MariaDB's backslash escapes: one string to the last quote, so one statement.
    expect(singleStatement("select '\\'; drop table t; --'", 'mariadb')).toBe("select '\\'; drop table t; --'");
  });

  it('refuses several statements and an empty one', () => {
    for (const [sql, kind] of [
      ['select 1; select 2', 'postgres'],
      ["select 'x'; drop table t", 'postgres'],
      // PostgreSQL's standard strings: the backslash is a character, the string ends before the ;.
      ["select '\\'; drop table t; --'", 'postgres'],
      ['select 1;;select 2', 'mariadb'],
    ] as const) {
      expect(() => singleStatement(sql, kind), sql).toThrowError(expect.objectContaining({ status: 422, message: 'ratchetMultipleStatements' }));
    }
    for (const sql of ['', '  ', ' -- only a comment', '/* x */ ;']) {
      expect(() => singleStatement(sql, 'postgres'), sql).toThrowError(expect.objectContaining({ message: 'ratchetEmptyStatement' }));
    }
  });

  it('names the first keyword after comments and parentheses', () => {
    expect(firstKeyword('  -- hi\n (SELECT 1)', 'postgres')).toBe('select');
    expect(firstKeyword('/* x */ WITH a AS (select 1) select * from a', 'postgres')).toBe('with');
    expect(firstKeyword('insert into t values (1)', 'postgres')).toBe('insert');
  });
});

describe("the external select's :search", () => {
  it('becomes the driver parameter outside strings, quoted names and comments, never a cast or a longer name', () => {
    const sql = "select id from t where a ilike '%' || :search || '%' and b = ':search' and \"x:search\" = :search /* :search */ and c::search_type is null and :searching";
    expect(bindSearch(sql, 'postgres')).toEqual({
      statement: "select id from t where a ilike '%' || CAST($1 AS text) || '%' and b = ':search' and \"x:search\" = CAST($1 AS text) /* :search */ and c::search_type is null and :searching",
      uses: 1,
    });
    expect(bindSearch("select 1 from t where a like concat('%', :search, '%') or b = :search -- :search\n or `:search` = 1 # :search", 'mariadb')).toEqual({
      statement: "select 1 from t where a like concat('%', ?, '%') or b = ? -- :search\n or `:search` = 1 # :search",
      uses: 2,
    });
    expect(bindSearch('select 1', 'postgres')).toEqual({ statement: 'select 1', uses: 0 });
  });
});
