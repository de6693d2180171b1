-- Location data: countries and their provinces (Argentina's 23 provinces and the Ciudad Autónoma de Buenos Aires).
create table pais (
  id integer primary key,
  name text not null unique,
  iso text not null unique
);

create table provincias (
  id integer primary key,
  pais_id integer not null references pais (id),
  name text not null,
  unique (pais_id, name)
);

insert into pais (id, name, iso) values (1, 'Argentina', 'AR');

insert into provincias (id, pais_id, name) values
  (1, 1, 'Ciudad Autónoma de Buenos Aires'),
  (2, 1, 'Buenos Aires'),
  (3, 1, 'Catamarca'),
  (4, 1, 'Chaco'),
  (5, 1, 'Chubut'),
  (6, 1, 'Córdoba'),
  (7, 1, 'Corrientes'),
  (8, 1, 'Entre Ríos'),
  (9, 1, 'Formosa'),
  (10, 1, 'Jujuy'),
  (11, 1, 'La Pampa'),
  (12, 1, 'La Rioja'),
  (13, 1, 'Mendoza'),
  (14, 1, 'Misiones'),
  (15, 1, 'Neuquén'),
  (16, 1, 'Río Negro'),
  (17, 1, 'Salta'),
  (18, 1, 'San Juan'),
  (19, 1, 'San Luis'),
  (20, 1, 'Santa Cruz'),
  (21, 1, 'Santa Fe'),
  (22, 1, 'Santiago del Estero'),
  (23, 1, 'Tierra del Fuego, Antártida e Islas del Atlántico Sur'),
  (24, 1, 'Tucumán');
