import t from 'tap';
import { compileVariableRule } from '../../svcql/index.js';
import { defaultRuleWindow, instances, NOW, read, statsOverWindow } from './fixtures.js';

const slots = (q: Record<string, string> | URLSearchParams, withStats = true): number[] => {
  const rule = compileVariableRule(q);
  const w = defaultRuleWindow(NOW);
  return rule.select(instances, withStats ? statsOverWindow(read, w.fromMs, w.toMs) : undefined).map((v) => v.slot);
};

t.test('matching', async (t) => {
  const cases: [Record<string, string>, number[]][] = [
    [{}, []],
    [{ sortBy: 'devices.asc', limit: '3' }, []],
    [{ name: '' }, []],
    [{ name: 'ifInRate' }, [0, 1, 2]],
    [{ name: 'ifInRate, cpuLoad' }, [0, 1, 2, 3, 4, 5]],
    [{ name: 'ifinrate' }, []],
    [{ devices: 'sjc1-sw02' }, [2, 4]],
    [{ name: 'ifInRate', devices: 'dfw3-dr01-re0' }, [0, 1]],
    [{ components: 'Gi0/1' }, [0, 6]],
    [{ name: 'ifInRate', components: 'Gi0/1,ge-0/0/5' }, [0, 2]],
    // tags without name: any name
    [{ tags: 'Role.Core' }, [0, 1, 3, 5, 6]],
    [{ tags: 'Role.Core,ifRole.Uplink' }, [0, 6]],
    [{ tags: 'Role.Core,ifRole.Uplink', tagMatch: 'AND' }, [0, 6]],
    [{ tags: 'Role.Access,ifRole.Uplink', tagMatch: 'OR' }, [0, 2, 4, 6]],
    [{ tags: 'Role.Core,ifRole.Uplink', tagMatch: 'NOT_AND' }, [1, 2, 3, 4, 5]],
    [{ tags: 'Role.Access,ifRole.Uplink', tagMatch: 'NOT_OR' }, [1, 3, 5]],
    [{ tags: '!Role.Core' }, [2, 4]],
    [{ tags: 'Role.Core,!ifRole.Uplink' }, [1, 3, 5]],
    [{ tags: '!Role.Core,!Vendor.Juniper', tagMatch: 'OR' }, [0, 1, 2, 3, 4, 5, 6]],
    [{ tags: 'Site' }, [0, 1, 3, 6]],
    [{ tags: 'Site.*' }, [0, 1, 3, 6]],
    [{ tags: '!Site' }, [2, 4, 5]],
    [{ name: 'cpuLoad', tags: 'Role.Core' }, [3, 5]],
    [{ name: 'cpuLoad', tags: 'Role.Core', tagMatch: 'not_or' }, [4]],
  ];
  for (const [q, want] of cases) t.same(slots(q), want, JSON.stringify(q));
  t.equal(compileVariableRule({}).empty, true);
  t.equal(compileVariableRule({ tags: 'Role.Core' }).empty, false);
  t.equal(compileVariableRule({}).match(instances[0]!), false, 'an empty rule matches nothing');
  t.same(slots(new URLSearchParams('name=ifInRate&devices=dfw3-dr01-re0')), [0, 1], 'URLSearchParams');
});

t.test('sorting, limit and pagination', async (t) => {
  const cases: [Record<string, string>, number[]][] = [
    [{ name: 'ifInRate', sortBy: 'devices.desc' }, [2, 0, 1]],
    [{ name: 'ifInRate', sortBy: 'devices' }, [0, 1, 2]],
    [{ name: 'ifInRate', sortBy: 'devices.sideways' }, [0, 1, 2]],
    // natural order: case is ignored, numbers inside names compare as numbers
    [{ name: 'ifInRate', sortBy: 'component.asc' }, [2, 0, 1]],
    [{ name: 'ifInRate', sortBy: 'component.desc' }, [1, 0, 2]],
    [{ name: 'ifInRate', sortBy: 'description.desc' }, [2, 1, 0]],
    // curr: 10, 10, 1; min: 1, 10, 1; max: 10, 10, 8 (last hour)
    [{ name: 'ifInRate', sortBy: 'curr.asc' }, [2, 0, 1]],
    [{ name: 'ifInRate', sortBy: 'curr.desc' }, [0, 1, 2]],
    [{ name: 'ifInRate', sortBy: 'min.desc' }, [1, 0, 2]],
    [{ name: 'ifInRate', sortBy: 'max.asc' }, [2, 0, 1]],
    [{ name: 'cpuLoad', sortBy: 'curr.asc' }, [4, 3, 5]],
    [{ name: 'cpuLoad', sortBy: 'curr.desc' }, [3, 4, 5]],
    [{ name: 'ifInRate', sortBy: 'curr.desc', limit: '1' }, [0]],
    [{ name: 'ifInRate', sortBy: 'max.desc', limit: '2' }, [0, 1]],
    [{ name: 'ifInRate', limit: '-1' }, [0, 1, 2]],
    [{ name: 'ifInRate,cpuLoad', start: '2', count: '2' }, [2, 3]],
    [{ name: 'ifInRate,cpuLoad', start: '4' }, [4, 5]],
    [{ name: 'ifInRate,cpuLoad', count: '1' }, [0]],
    [{ name: 'ifInRate,cpuLoad', limit: '3', start: '2', count: '5' }, [2]],
  ];
  for (const [q, want] of cases) t.same(slots(q), want, JSON.stringify(q));
  t.same(slots({ name: 'ifInRate', sortBy: 'curr.asc' }, false), [0, 1, 2], 'without statistics the order is kept');
  t.equal(compileVariableRule({ name: 'x', sortBy: 'max' }).needsStats, true);
  t.equal(compileVariableRule({ name: 'x', sortBy: 'devices' }).needsStats, false);
});

t.test('bad parameters', async (t) => {
  const bad: Record<string, string>[] = [
    { name: 'x', tagMatch: 'XOR' },
    { name: 'x', sortBy: 'speed.asc' },
    { name: 'x', limit: 'ten' },
    { name: 'x', start: '-1' },
    { name: 'x', count: '1.5' },
    { tags: '!' },
  ];
  for (const q of bad) t.throws(() => compileVariableRule(q), { code: 'BAD_PARAMETER' }, JSON.stringify(q));
});
