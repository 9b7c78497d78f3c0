// Which event bus a fleet runs on, decided in one place for the launcher, the test runner, the bench
// and the drills: BUS=kafka (a broker from KAFKA_BROKERS, or one started here from Maven Central's
// jars), BUS=postgres, or unset: Kafka when KAFKA_BROKERS is set, else the PostgreSQL bus.
import path from 'node:path';
import { ensureKafkaTopics } from '@astro/platform/bus/kafka-admin';
import { freePort, ROOT } from './fleet.ts';
import { startKafka, type RunningKafka } from './kafka.ts';

export interface FleetBus {
  kind: 'postgres' | 'kafka';
  /** Environment for every fleet process: KAFKA_BROKERS empty means the PostgreSQL bus. */
  env: { KAFKA_BROKERS: string };
  /** One line for banners: which bus, where. */
  describe: string;
  /** The broker started here, if any. */
  kafka?: RunningKafka;
  stop(): Promise<void>;
}

export interface BusChoice {
  /** The BUS setting: 'kafka', 'postgres' or empty. */
  bus?: string;
  /** The KAFKA_BROKERS setting: use these brokers instead of starting one. */
  kafkaBrokers?: string;
  /** Where a broker started here keeps its state. */
  kafkaDataDir: string;
  /** Port for a broker started here (0: a free one). */
  kafkaPort?: number;
  output?: 'inherit' | 'file';
  log?: (line: string) => void;
}

export async function selectBus(choice: BusChoice): Promise<FleetBus> {
  const bus = (choice.bus ?? '').trim().toLowerCase();
  const brokers = (choice.kafkaBrokers ?? '').trim();
  if (bus !== '' && bus !== 'kafka' && bus !== 'postgres')
    throw new Error(`BUS=${choice.bus}: unknown bus (use BUS=kafka or BUS=postgres, or leave it unset)`);
  if (bus === 'postgres' || (bus === '' && brokers === ''))
    return {
      kind: 'postgres',
      env: { KAFKA_BROKERS: '' },
      describe: 'PostgreSQL (the bus database)',
      stop: async () => {},
    };

  let kafka: RunningKafka | undefined;
  let where = brokers;
  if (brokers === '') {
    const port = choice.kafkaPort === 0 ? await freePort() : (choice.kafkaPort ?? 9092);
    kafka = await startKafka({ port, dataDir: choice.kafkaDataDir, output: choice.output ?? 'file', log: choice.log });
    where = kafka.brokers;
  }
  try {
    await ensureKafkaTopics(where);
  } catch (err) {
    await kafka?.stop();
    throw new Error(`could not create the fleet's topics on Kafka ${where}: ${(err as Error).message}`);
  }
  const origin = kafka
    ? `Apache Kafka ${kafka.version} started here, data ${path.relative(ROOT, kafka.dataDir)}`
    : 'KAFKA_BROKERS';
  return {
    kind: 'kafka',
    env: { KAFKA_BROKERS: where },
    describe: `Kafka ${where} (${origin})`,
    kafka,
    stop: async () => kafka?.stop(),
  };
}
