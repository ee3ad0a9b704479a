import type { SeedChapterText } from "./types.ts";

/** Original placeholder story text for the demo content, one entry per id in CHAPTER_PATHS. */
export const seedChapterTexts: SeedChapterText[] = [
  {
    id: "capitulo-1",
    title: "Salida a Tzintzuntzan",
    subtitle: "Un viaje por la orilla del lago, con un perro que no deja de olfatear",
    description:
      "Valentina y Taquito viajan a Tzintzuntzan para pasar el Día de Muertos con la abuela. En el camino, una mariposa monarca parece seguirlos.",
    teaser: "Un viaje en camión, un lago que brilla y una compañera de viaje que nadie esperaba.",
    content: `<p>El 31 de octubre amaneció con olor a pan recién horneado y a tierra mojada. Valentina metió en su mochila una linterna, un cuaderno de dibujo y tres galletas de animalitos: dos para ella y una para Taquito, aunque Taquito siempre creía que las tres eran suyas.</p>
<p>Taquito era un xoloitzcuintle, un perro sin pelo, de piel gris oscura, orejas como dos hojas de maguey y ojos color miel. Su mamá decía que los xolos eran perros muy antiguos, tan antiguos que ya acompañaban a las personas cuando los volcanes todavía eran jóvenes. A Taquito eso no le importaba mucho; a él le importaban las galletas.</p>
<p>El camión salió de Morelia y pronto la carretera empezó a bordear el lago de Pátzcuaro. El agua brillaba como una charola de plata, y en la orilla los campos estaban pintados de naranja: eran flores de cempasúchil, miles y miles, listas para las ofrendas.</p>
<p>—Mira, Taquito —susurró Valentina, pegando la nariz a la ventana—. Dice la abuela que ese color se ve desde muy lejos… hasta desde el otro lado.</p>
<p>—¿El otro lado de qué? —preguntó su papá desde el asiento de enfrente. Pero Valentina no supo qué contestar, porque en ese momento una mariposa monarca se posó en el vidrio, justo frente a la nariz de Taquito. El perro no ladró. Se quedó muy quieto, mirándola, <em>como si la conociera de antes</em>.</p>
<p>La mariposa voló junto al camión durante todo el camino, subiendo y bajando entre las flores. Cuando por fin llegaron a Tzintzuntzan y vieron las yácatas dormidas sobre la loma, dio tres vueltas sobre la cabeza de Valentina y se fue rumbo a la casa de la abuela, como si quisiera avisar que ya venían.</p>`,
    requiredUrlText: "Escanea el código QR al final del capítulo 1 del libro.",
    decorativeImage: "/images/chapters/salida-a-tzintzuntzan.svg",
    numberImage: "",
    images: [
      {
        src: "/images/chapters/salida-a-tzintzuntzan-1.svg",
        alt: "Valentina y Taquito listos para el viaje",
        description:
          "Valentina con su mochila de «por si acaso» y Taquito, que sólo piensa en las galletas de animalitos.",
      },
      {
        src: "/images/chapters/salida-a-tzintzuntzan-2.svg",
        alt: "El lago de Pátzcuaro entre campos de cempasúchil",
        description: "Desde la carretera, el lago brilla como una charola de plata entre campos pintados de naranja.",
      },
      {
        src: "/images/chapters/salida-a-tzintzuntzan-3.svg",
        alt: "Una mariposa monarca sobre las yácatas",
        description:
          "Las yácatas de Tzintzuntzan duermen sobre la loma mientras la mariposa monarca se adelanta a la casa de la abuela.",
      },
    ],
    background: "",
    commentPrompt: "¿Qué llevarías tú en la mochila para un viaje de Día de Muertos?",
    hidden: false,
  },
  {
    id: "capitulo-2",
    title: "Casa de la abuela",
    subtitle: "Una ofrenda de siete escalones y un espejo cubierto con un rebozo",
    description:
      "La abuela Lupe prepara la ofrenda para el abuelo Chema. En un rincón de la casa hay un espejo antiguo que nadie debe destapar.",
    teaser: "Una casa de adobe, una puerta azul que canta y un rincón que guarda un secreto.",
    content: `<p>La casa de la abuela Lupe tenía paredes de adobe, un patio lleno de macetas y una puerta azul que rechinaba como si cantara. En cuanto se abrió, Taquito entró corriendo, dio dos vueltas por la cocina y se sentó muy formal frente a la olla de atole.</p>
<p>—Llegan justo a tiempo —dijo la abuela, limpiándose las manos en el delantal—. Me falta poner lo más importante de la ofrenda.</p>
<p>La ofrenda ocupaba toda una pared. Tenía siete escalones cubiertos con papel picado morado y naranja, veladoras, pan de muerto, calaveritas de azúcar con nombres escritos en la frente y, arriba de todo, la foto del abuelo Chema con su sombrero de fiesta. La abuela le dio a Valentina una canasta llena de pétalos de cempasúchil.</p>
<p>—Haz un caminito desde la puerta hasta la ofrenda —le explicó—. Los pétalos son como un mapa. Su color y su olor guían a las almas para que encuentren el camino a casa.</p>
<p>Mientras esparcía los pétalos, Valentina notó algo en el rincón: un espejo alto, con un marco de madera tallado con flores y serpientes, cubierto con un rebozo viejo. Taquito se acercó y le gruñó bajito, con las orejas muy paradas.</p>
<p>—Ese espejo era de mi abuela —dijo la abuela Lupe, en un tono más serio—. En estas noches se queda tapado. Dicen que los espejos recuerdan todo lo que han reflejado… y que a veces, en Día de Muertos, se les olvida de qué lado están.</p>
<p>Valentina se rio, pero esa noche, antes de dormir, le pareció ver que el rebozo se movía un poquito, <em>como si alguien respirara del otro lado</em>.</p>`,
    requiredUrlText: "Escanea el código QR al final del capítulo 2 del libro.",
    decorativeImage: "/images/chapters/casa-de-la-abuela.svg",
    numberImage: "",
    images: [
      {
        src: "/images/chapters/casa-de-la-abuela-1.svg",
        alt: "La ofrenda de la abuela Lupe",
        description:
          "Siete escalones con papel picado, veladoras, pan de muerto y la foto del abuelo Chema hasta arriba.",
      },
      {
        src: "/images/chapters/casa-de-la-abuela-2.svg",
        alt: "El espejo antiguo cubierto con un rebozo",
        description:
          "El espejo de marco tallado que siempre se queda tapado en Día de Muertos. Taquito no le quita los ojos de encima.",
      },
      {
        src: "/images/chapters/casa-de-la-abuela-3.svg",
        alt: "Un caminito de pétalos de cempasúchil",
        description:
          "Valentina dibuja con pétalos el camino desde la puerta azul hasta la ofrenda, para que nadie se pierda.",
      },
    ],
    background: "",
    commentPrompt: "¿Qué pondrías en una ofrenda para alguien a quien extrañas?",
    hidden: false,
  },
  {
    id: "capitulo-3",
    title: "El convento de Santa Ana en Tzintzuntzan",
    subtitle: "Olivos antiguos, velas encendidas y una señora muy elegante",
    description:
      "Durante la velada en el atrio del convento, Valentina conoce a una misteriosa señora y descubre que los pétalos de cempasúchil pueden brillar.",
    teaser: "Una noche de velas bajo los olivos y un encuentro que Valentina no olvidará.",
    content: `<p>La noche del 1 de noviembre, toda la familia fue al atrio del convento de Santa Ana. Bajo los olivos, tan viejos que sus troncos parecían abuelos torcidos de tanto reír, la gente había encendido cientos de velas. Olía a copal, a flores y a chocolate caliente.</p>
<p>Taquito, que normalmente era un perro muy educado, de pronto jaló la correa con todas sus fuerzas. La mariposa monarca del camino había vuelto y revoloteaba entre los olivos.</p>
<p>—¡Taquito, espera! —Valentina corrió detrás de él, esquivando veladoras y canastas, hasta un rincón tranquilo del huerto.</p>
<p>Ahí, sentada en una banca de piedra, había una señora muy elegante. Llevaba un vestido largo color magenta, un sombrero enorme con plumas y flores, y guantes de encaje. Su cara estaba pintada como una calavera sonriente, aunque Valentina no estaba nada segura de que fuera pintura.</p>
<p>—Qué perro tan listo —dijo la señora, acariciando las orejas de Taquito, que se dejó como si fueran viejos amigos—. Los xolos siempre saben por dónde se va. Dime, niña: ¿ya viste lo que les pasa a los pétalos?</p>
<p>Valentina miró al suelo. Los pétalos de cempasúchil brillaban con una luz suave, como brasas chiquitas, y formaban una línea que salía del huerto y se perdía calle abajo… justo en dirección a la casa de la abuela.</p>
<p>—El espejo de tu abuela no sólo refleja: también recuerda —dijo la señora, levantándose—. Esta noche, algo se está comiendo las luces del camino. Si los pétalos se apagan, muchas almas no podrán volver a casa. <em>Nos vemos del otro lado, Valentina.</em> Y antes de que ella pudiera preguntarle cómo sabía su nombre, desapareció detrás de un olivo, dejando sólo un olor dulce a flores.</p>`,
    requiredUrlText: "Escanea el código QR al final del capítulo 3 del libro.",
    decorativeImage: "/images/chapters/el-convento-de-santa-ana-en-tzintzuntzan.svg",
    numberImage: "",
    images: [
      {
        src: "/images/chapters/el-convento-de-santa-ana-en-tzintzuntzan-1.svg",
        alt: "Velas encendidas bajo los olivos del atrio",
        description:
          "Cientos de velas iluminan los olivos antiguos del atrio. Huele a copal, a flores y a chocolate caliente.",
      },
      {
        src: "/images/chapters/el-convento-de-santa-ana-en-tzintzuntzan-2.svg",
        alt: "Una señora elegante con sombrero de flores",
        description:
          "La misteriosa señora del vestido magenta, sentada en una banca de piedra, parece conocer muy bien a Taquito.",
      },
      {
        src: "/images/chapters/el-convento-de-santa-ana-en-tzintzuntzan-3.svg",
        alt: "Pétalos de cempasúchil que brillan en la noche",
        description:
          "Los pétalos brillan como brasas chiquitas y marcan un camino que lleva directo a la casa de la abuela.",
      },
    ],
    background: "",
    commentPrompt: "¿Te habrías atrevido a hablar con la señora del sombrero de flores?",
    hidden: false,
  },
  {
    id: "capitulo-4",
    title: "El inframundo",
    subtitle: "Del otro lado del espejo hay un puente hecho de flores",
    description:
      "Valentina y Taquito cruzan el espejo de la abuela y llegan a un puente de pétalos que flota sobre un río oscuro.",
    teaser: "A medianoche la casa está en silencio… pero no todo está dormido.",
    content: `<p>A la medianoche, Valentina bajó de puntitas a la sala. La casa estaba en silencio; sólo las veladoras de la ofrenda seguían encendidas. Taquito iba delante, siguiendo el caminito de pétalos, que ahora brillaba igual que en el convento.</p>
<p>El camino no terminaba en la ofrenda. Daba una vuelta y se metía debajo del rebozo que tapaba el espejo.</p>
<p>Valentina respiró hondo y levantó la tela. En el espejo no se veía ella, ni Taquito, ni la sala: se veía una noche azul llena de estrellas y un puente larguísimo hecho de pétalos de cempasúchil. Taquito movió la cola, la miró como diciendo «¿vienes o no?» y saltó. El espejo hizo un sonido como de agua y el perro desapareció.</p>
<p>—¡Taquito! —Valentina no lo pensó dos veces. Cerró los ojos y saltó detrás de él.</p>
<p>Cuando los abrió, estaba sentada sobre el puente. Los pétalos eran suaves como un colchón y crujían un poquito al caminar. Abajo corría un río ancho y oscuro, y del otro lado se veían cerros, cuevas y pequeñas luces que subían y bajaban como luciérnagas.</p>
<p>—Bienvenida al inframundo —dijo una voz conocida. Era la señora del convento, que se acomodaba el sombrero con mucha calma—. Puedes llamarme Doña Catrina. Este río separa a los vivos de los que ya se fueron, y sólo se cruza con la ayuda de un perro como el tuyo. Los xolos son guías de almas, ¿sabías?</p>
<p>Taquito infló el pecho, muy orgulloso. Valentina, en cambio, miró hacia arriba: el espejo se había convertido en un pequeño círculo de luz que parpadeaba como una estrella. «Tengo que volver antes del amanecer», pensó. <strong>Pero primero tenía que averiguar quién estaba apagando las luces del camino.</strong></p>`,
    requiredUrlText: "Escanea el código QR al final del capítulo 4 del libro.",
    decorativeImage: "/images/chapters/el-inframundo.svg",
    numberImage: "",
    images: [
      {
        src: "/images/chapters/el-inframundo-1.svg",
        alt: "El espejo destapado muestra una noche estrellada",
        description:
          "Debajo del rebozo, el espejo ya no refleja la sala: muestra una noche azul y un camino de flores.",
      },
      {
        src: "/images/chapters/el-inframundo-2.svg",
        alt: "Un puente de pétalos sobre un río oscuro",
        description: "El puente de cempasúchil es suave como un colchón y cruje un poquito con cada paso.",
      },
      {
        src: "/images/chapters/el-inframundo-3.svg",
        alt: "Luces como luciérnagas sobre los cerros del inframundo",
        description:
          "Del otro lado del río hay cerros, cuevas y lucecitas que suben y bajan. Allá arriba, el espejo es sólo una estrella.",
      },
    ],
    background: "",
    commentPrompt: "¿Saltarías tú a través del espejo detrás de Taquito? ¿Por qué?",
    hidden: false,
  },
  {
    id: "capitulo-5",
    title: "Pátzcuaro",
    subtitle: "Un lago de estrellas, redes de mariposa y un pescador que conoce a todos",
    description:
      "Del otro lado del río hay un Pátzcuaro hecho de recuerdos. Ahí, un ancestro purépecha llamado Tinskani les cuenta quién está robando la luz.",
    teaser: "Un lugar conocido que ya no es como Valentina lo recordaba.",
    content: `<p>Taquito cruzó el río nadando, con Valentina agarrada de su lomo y Doña Catrina sentada muy derecha sobre la cabeza del perro, sin mojarse ni una pluma del sombrero. Al llegar a la otra orilla, Valentina no podía creer lo que veía.</p>
<p>Era Pátzcuaro… pero no exactamente. Las casas blancas con techos de teja roja eran un poco transparentes, la plaza estaba llena de puestos que vendían recuerdos en frascos de vidrio, y el lago no tenía agua: tenía estrellas, miles de estrellas que se mecían como olas.</p>
<p>—Es el Pátzcuaro de los recuerdos —explicó Doña Catrina—. Cada pueblo tiene uno aquí abajo, construido con todo lo que la gente recuerda con cariño.</p>
<p>En la orilla, un hombre con sombrero de palma pescaba desde su canoa con una red enorme en forma de alas de mariposa. Pero en lugar de peces, en su red brillaban lucecitas naranjas.</p>
<p>—Me llamo Tinskani —dijo el pescador, con una voz tranquila como el agua—. Mi familia pescó en este lago desde mucho antes de que existieran las campanas del convento. Ahora pesco las luces que se le caen al camino, para que no se pierdan. Pero cada noche hay menos.</p>
<p>—¿Quién se las lleva? —preguntó Valentina.</p>
<p>Tinskani miró hacia la isla, donde una nube negra daba vueltas y vueltas, tapando las estrellas. Taquito bajó las orejas y se pegó a las piernas de Valentina. De la nube salió un chillido agudo, como de mil alas raspando el aire. —Camazotz —susurró Tinskani—. <strong>El dios murciélago.</strong> Vino de Xibalba, más allá de las cuevas del sur, y tiene mucha, muchísima hambre de luz.</p>`,
    requiredUrlText: "Escanea el código QR al final del capítulo 5 del libro.",
    decorativeImage: "/images/chapters/patzcuaro.svg",
    numberImage: "",
    images: [
      {
        src: "/images/chapters/patzcuaro-1.svg",
        alt: "Las casas transparentes del Pátzcuaro de los recuerdos",
        description:
          "Casas blancas con techos de teja roja, un poco transparentes, construidas con los recuerdos de la gente.",
      },
      {
        src: "/images/chapters/patzcuaro-2.svg",
        alt: "Tinskani pesca luces desde su canoa",
        description:
          "La red de Tinskani tiene forma de alas de mariposa y, en lugar de peces, atrapa lucecitas naranjas.",
      },
      {
        src: "/images/chapters/patzcuaro-3.svg",
        alt: "Una nube de murciélagos sobre la isla",
        description: "Sobre la isla, una nube negra da vueltas y tapa las estrellas. Taquito baja las orejas.",
      },
    ],
    background: "",
    commentPrompt: "Si tu pueblo tuviera un lugar hecho de recuerdos, ¿qué recuerdo pondrías tú?",
    hidden: false,
  },
  {
    id: "capitulo-6",
    title: "Camazotz",
    subtitle: "El dios murciélago despierta",
    description: "Una sombra enorme cubre el lago de estrellas. Camazotz, el dios murciélago de Xibalba, ha llegado.",
    teaser: "Algo se mueve en la oscuridad. ¿Te atreves a mirar?",
    content: "<p>Huele a sangre...</p>",
    requiredUrlText: "Escanea el código QR al final del capítulo 6 del libro.",
    decorativeImage: "/images/chapters/camazotz.svg",
    numberImage: "",
    images: [
      {
        src: "/images/chapters/camazotz-1.svg",
        alt: "Dos ojos amarillos en la oscuridad",
        description: "En la oscuridad sólo se ven dos ojos amarillos, grandes como lunas. Alguien está despierto.",
      },
      {
        src: "/images/chapters/camazotz-2.svg",
        alt: "Las alas abiertas del dios murciélago",
        description: "Camazotz abre las alas de un extremo a otro del cielo, y las velas se apagan una por una.",
      },
      {
        src: "/images/chapters/camazotz-3.svg",
        alt: "La luna tapada por una silueta de murciélago",
        description:
          "Una silueta enorme cruza frente a la luna. En el Pátzcuaro de los recuerdos, todos guardan silencio.",
      },
    ],
    background: "sangre",
    commentPrompt: "¿Qué crees que busca Camazotz en realidad?",
    hidden: false,
  },
  {
    id: "capitulo-7",
    title: "El Mictlán",
    subtitle: "Nueve niveles, un viento que se lleva los miedos y un alebrije muy parlanchín",
    description:
      "Para pedir ayuda, Valentina y Taquito bajan los nueve niveles del Mictlán. Ahí conocen a Mictecacíhuatl y a Choc, un alebrije de mil colores.",
    teaser: "Un camino que baja y baja, con una prueba en cada paso.",
    content: `<p>Cuando la nube de Camazotz se alejó, el lago de estrellas quedó más oscuro que antes. Tinskani remó en silencio hasta la orilla sur, donde una escalera de piedra bajaba hacia el fondo de la tierra.</p>
<p>—Sólo los señores del Mictlán pueden detener a Camazotz —dijo Doña Catrina—. Pero para llegar con ellos hay que bajar nueve niveles.</p>
<p>El camino era largo y extraño. En un nivel, dos cerros se juntaban y se separaban como si aplaudieran, y tuvieron que pasar corriendo entre aplauso y aplauso. En otro soplaba un viento de obsidiana que no lastimaba la piel, pero que sí se llevaba los miedos: Valentina sintió cómo se le escapaban volando el miedo a la oscuridad, el miedo a los exámenes de matemáticas y hasta el miedo a las arañas.</p>
<p>En el séptimo nivel, algo enorme y lleno de colores les cerró el paso. Tenía cabeza de jaguar, alas de águila, cola de iguana y manchas de todos los colores que Valentina conocía… y de algunos que no.</p>
<p>—¡Alto ahí! ¿Quién va? ¿Vivos? ¿Vivos de verdad? ¡Nunca había visto vivos! —El alebrije dio una vuelta alrededor de Taquito, olfateándolo—. Me llamo Choc. ¿Puedo ir con ustedes? Por favor, por favor, por favor.</p>
<p>Y así, con un alebrije que no dejaba de hablar, llegaron al noveno nivel. Ahí los esperaba una mujer alta, con falda de flores secas y un collar de caracoles que sonaba como lluvia. Era Mictecacíhuatl, la Señora del Mictlán.</p>
<p>—Sé por qué vienen —dijo con voz suave—. Mi esposo también lo sabe. Vamos, los está esperando.</p>`,
    requiredUrlText: "Escanea el código QR al final del capítulo 7 del libro.",
    decorativeImage: "",
    numberImage: "/images/numbers/7.svg",
    images: [
      {
        src: "/images/chapters/el-mictlan-1.svg",
        alt: "Dos cerros que se juntan y se separan",
        description: "Los cerros que aplauden: hay que pasar corriendo entre un aplauso y el siguiente.",
      },
      {
        src: "/images/chapters/el-mictlan-2.svg",
        alt: "Choc, el alebrije de mil colores",
        description: "Choc, con cabeza de jaguar, alas de águila y cola de iguana, nunca había visto a alguien vivo.",
      },
    ],
    background: "",
    commentPrompt: "¿Qué miedo te gustaría que se llevara el viento de obsidiana?",
    hidden: false,
  },
  {
    id: "capitulo-8",
    title: "Mictlantecuhtli",
    subtitle: "El Señor del Mictlán no es como Valentina se lo imaginaba",
    description:
      "Valentina conoce a Mictlantecuhtli, el Señor del Mictlán, que acepta ayudarla con una condición: ganar un juego de pelota.",
    teaser: "Alguien muy importante escucha a Valentina, pero nada es gratis.",
    content: `<p>El palacio de Mictlantecuhtli era una sala enorme, sin techo, iluminada por braseros de luz azul. Lechuzas y tecolotes dormían en las columnas. Al fondo, sobre un trono de hueso tallado, estaba sentado el Señor del Mictlán.</p>
<p>Era muy alto y muy flaco: un esqueleto con un tocado de plumas negras y blancas, y unos ojos que eran dos puntitos de luz, como velas lejanas. Valentina pensó que iba a tener mucho miedo, pero el viento de obsidiana se había llevado casi todo. Además, Mictlantecuhtli bostezó.</p>
<p>—Perdón —dijo, con una voz que retumbaba como un tambor—. Estas fechas son muy cansadas. Todo el mundo quiere salir a visitar a su familia. Y ahora, por culpa de ese murciélago, nadie encuentra el camino.</p>
<p>—Entonces ayúdenos a detenerlo —dijo Valentina, dando un paso al frente. Taquito dio otro paso, para no quedarse atrás.</p>
<p>Mictlantecuhtli la miró largo rato. Luego se rio, y su risa sonó como un montón de huesitos chocando. —Una niña viva que da órdenes en mi palacio. Hacía siglos que no pasaba. Muy bien: en el Mictlán las cosas importantes se deciden en la cancha. Si tu equipo le gana al mío en el juego de pelota, les prestaré la <strong>Antorcha del Último Fuego</strong>, la única luz que Camazotz no puede tragarse.</p>
<p>—¿Y si perdemos? —preguntó Choc, con la voz muy bajita.</p>
<p>—Si pierden —dijo Mictlantecuhtli, sonriendo con todos sus dientes—, se quedan a limpiar el palacio. Y tengo muchos, muchísimos huesos que sacudir.</p>`,
    requiredUrlText: "Escanea el código QR al final del capítulo 8 del libro.",
    decorativeImage: "",
    numberImage: "/images/numbers/8.svg",
    images: [
      {
        src: "/images/chapters/mictlantecuhtli-1.svg",
        alt: "Mictlantecuhtli en su trono de hueso",
        description:
          "El Señor del Mictlán, con su tocado de plumas, bosteza en su trono. Estas fechas lo tienen muy cansado.",
      },
      {
        src: "/images/chapters/mictlantecuhtli-2.svg",
        alt: "Tecolotes dormidos en las columnas del palacio",
        description: "Los tecolotes duermen en las columnas, iluminadas por braseros de luz azul.",
      },
    ],
    background: "",
    commentPrompt: "¿Qué habrías hecho tú frente a Mictlantecuhtli?",
    hidden: false,
  },
  {
    id: "capitulo-9",
    title: "El juego de pelota",
    subtitle: "Una pelota de hule, dos aros de piedra y un equipo muy poco común",
    description:
      "Valentina, Taquito, Choc y Doña Catrina se enfrentan al equipo de esqueletos de Mictlantecuhtli en una cancha de pelota milenaria.",
    teaser: "Una cancha antigua, una pelota de hule y un partido que nadie quiere perder.",
    content: `<p>La cancha tenía forma de letra I, con dos muros inclinados y, en lo alto de cada muro, un aro de piedra tallado con serpientes. En las gradas, cientos de calaveras aplaudían haciendo clac, clac, clac.</p>
<p>El equipo de Mictlantecuhtli eran cuatro esqueletos altísimos que se hacían llamar Los Huesudos. Se movían rapidísimo y golpeaban la pelota de hule con la cadera como si no pesara nada. En menos de lo que canta un gallo, ya iban ganando tres a cero.</p>
<p>—¡No se vale usar las manos! —le recordó Doña Catrina a Choc, que estaba a punto de agarrar la pelota con las garras.</p>
<p>Valentina se sentó un momento a pensar. Los Huesudos eran rápidos, pero tenían un problema: cada vez que saltaban, se les aflojaba algún hueso y tenían que detenerse a acomodarlo. Y Taquito… Taquito era el perro más rápido de todo Michoacán cuando había algo que perseguir.</p>
<p>—¡Equipo, tengo un plan! —gritó.</p>
<p>Choc voló muy alto para distraer a los esqueletos con sus colores. Doña Catrina bailó un zapateado tan elegante que dos Huesudos se quedaron mirándola con la boca abierta. Taquito corrió como flecha detrás de la pelota y la empujó con el hocico hacia Valentina. Ella respiró hondo, giró la cadera y la pelota voló… voló… y pasó justo por el centro del aro de piedra.</p>
<p>Las gradas se quedaron en silencio. Luego estallaron en un clac, clac, clac tan fuerte que temblaron las columnas. Según las reglas antiguas, pasar la pelota por el aro valía por todo el juego. <strong>¡Habían ganado!</strong></p>`,
    requiredUrlText: "Escanea el código QR al final del capítulo 9 del libro.",
    decorativeImage: "",
    numberImage: "/images/numbers/9.svg",
    images: [
      {
        src: "/images/chapters/el-juego-de-pelota-1.svg",
        alt: "La cancha de pelota con su aro de piedra",
        description:
          "Dos muros inclinados, un aro de piedra tallado con serpientes y cientos de calaveras en las gradas.",
      },
      {
        src: "/images/chapters/el-juego-de-pelota-2.svg",
        alt: "La pelota de hule pasa por el aro",
        description: "¡Adentro! La pelota pasa justo por el centro del aro y el juego se gana de una sola vez.",
      },
    ],
    background: "",
    commentPrompt: "¿Cuál habría sido tu plan para ganarle a Los Huesudos?",
    hidden: false,
  },
  {
    id: "capitulo-10",
    title: "El ataque de Camazotz",
    subtitle: "Cuando se apagan todas las luces, el olfato de un perro es el mejor mapa",
    description:
      "Justo cuando reciben la Antorcha del Último Fuego, Camazotz ataca la cancha, apaga todas las luces y se lleva a Taquito.",
    teaser: "Cuando todo se pone oscuro, hay que confiar en la nariz de un amigo.",
    content: `<p>Mictlantecuhtli cumplió su palabra. Con mucho cuidado, puso en las manos de Valentina una antorcha pequeña de la que salía una llama azul y dorada, tibia como una taza de chocolate.</p>
<p>Pero en ese momento, los braseros de la cancha se apagaron uno por uno: ¡fsss, fsss, fsss! Un viento frío bajó del cielo y todo se llenó de un aleteo enorme. Sobre el muro de la cancha, con las alas abiertas de un extremo a otro, estaba Camazotz.</p>
<p>Era un murciélago gigante, con ojos amarillos como dos lunas y orejas puntiagudas que casi tocaban las nubes. Cuando abrió la boca, salió un chillido tan agudo que las calaveras de las gradas se taparon los oídos, aunque no tenían orejas.</p>
<p>—Esa luz… ¡dámela! —rugió Camazotz, lanzándose en picada.</p>
<p>Valentina apretó la antorcha contra su pecho y cerró los ojos. Sintió el aire de las alas, escuchó un ladrido valiente… y luego, silencio. Cuando abrió los ojos, la antorcha seguía en sus manos. Pero Taquito ya no estaba.</p>
<p>—¡Se lo llevó! —gritó Choc, señalando al cielo, donde una sombra se alejaba hacia las cuevas de Xibalba—. ¡Se llevó a Taquito!</p>
<p>Valentina sintió que el corazón se le hacía chiquito. Pero entonces, en el suelo oscuro, vio algo: un pétalo de cempasúchil que brillaba. Y otro. Y otro más. Taquito llevaba pétalos pegados en las patas desde la casa de la abuela y ahora, mientras Camazotz volaba, iban cayendo uno a uno, dibujando un camino en la oscuridad. <strong>—Aguanta, Taquito —susurró—. Ya voy.</strong></p>`,
    requiredUrlText: "Escanea el código QR al final del capítulo 10 del libro.",
    decorativeImage: "",
    numberImage: "/images/numbers/10.svg",
    images: [
      {
        src: "/images/chapters/el-ataque-de-camazotz-1.svg",
        alt: "Camazotz con las alas abiertas sobre el muro de la cancha",
        description:
          "Los braseros se apagan, ¡fsss, fsss, fsss!, y Camazotz aparece sobre el muro con las alas abiertas.",
      },
      {
        src: "/images/chapters/el-ataque-de-camazotz-2.svg",
        alt: "Un rastro de pétalos que brillan en la oscuridad",
        description: "Pétalo tras pétalo, Taquito deja un camino brillante para que Valentina pueda encontrarlo.",
      },
    ],
    background: "noche",
    commentPrompt: "¿Qué le dirías a Valentina para darle ánimo en este momento?",
    hidden: false,
  },
  {
    id: "capitulo-11",
    title: "Las batallas",
    subtitle: "Tres pruebas en las cuevas de Xibalba y un murciélago con un secreto",
    description:
      "Siguiendo el rastro de pétalos, Valentina y sus amigos entran a las cuevas de Xibalba para rescatar a Taquito y enfrentar a Camazotz.",
    teaser: "Cuevas profundas, pruebas difíciles y un equipo que no se rinde.",
    content: `<p>El rastro de pétalos los llevó hasta la entrada de Xibalba: una cueva enorme con estalactitas que parecían colmillos. Adentro había tres pasadizos, y en cada uno los esperaba una batalla distinta.</p>
<p>La primera fue contra el frío. En la Casa del Frío el aire era tan helado que se les congelaban las pestañas. Doña Catrina sacó de su bolsa un rebozo gigante, tejido por todas las abuelas que alguna vez esperaron a alguien junto a una ofrenda, y se taparon juntos hasta cruzar.</p>
<p>La segunda fue contra la oscuridad. En la Casa de la Oscuridad no se veía nada de nada. Valentina quiso usar la antorcha, pero la llama era sólo una y no podía gastarla. Entonces Choc empezó a brillar: todos sus colores se encendieron como un árbol de la vida, y los guió hasta el otro lado.</p>
<p>La tercera batalla estaba en la cueva de Camazotz. Ahí, colgado de cabeza en lo más alto, estaba el dios murciélago, rodeado de cientos de luces robadas que flotaban dentro de frascos. En un rincón, Taquito meneaba la cola al ver a Valentina.</p>
<p>—¡Devuélveme a mi perro y devuelve las luces! —gritó ella.</p>
<p>Camazotz bajó despacio. De cerca, sus ojos amarillos no parecían malvados; parecían cansados. —En Xibalba nunca hay luz —dijo con voz ronca—. Nadie me pone ofrenda. Nadie me recuerda con cariño. Sólo quería saber qué se siente tener un camino iluminado hacia algún lugar.</p>
<p>Valentina se quedó callada. Luego hizo algo que nadie esperaba: sacó de su mochila la última galleta de animalitos y se la ofreció. —Si devuelves las luces —le dijo—, yo te pongo una vela en la ofrenda de mi abuela. Cada año. Te lo prometo. El dios murciélago miró la galleta durante un largo momento. Después, muy despacio, abrió las alas, y todas las luces salieron volando hacia el camino de las almas, <em>como una lluvia de estrellas al revés</em>.</p>`,
    requiredUrlText: "Escanea el código QR al final del capítulo 11 del libro.",
    decorativeImage: "",
    numberImage: "/images/numbers/11.svg",
    images: [
      {
        src: "/images/chapters/las-batallas-1.svg",
        alt: "La entrada de las cuevas de Xibalba",
        description:
          "La entrada de Xibalba, con estalactitas como colmillos. El rastro de pétalos se mete hasta el fondo.",
      },
      {
        src: "/images/chapters/las-batallas-2.svg",
        alt: "Las luces liberadas salen volando de los frascos",
        description: "Las luces robadas escapan de los frascos como una lluvia de estrellas al revés.",
      },
    ],
    background: "",
    commentPrompt: "¿Por qué crees que Valentina le ofreció la galleta a Camazotz en lugar de pelear?",
    hidden: false,
  },
  {
    id: "capitulo-12",
    title: "De regreso al inicio",
    subtitle: "El camino de pétalos vuelve a brillar, y alguien conocido lo recorre",
    description:
      "Con Taquito a salvo y las luces de vuelta, Valentina emprende el regreso y se encuentra con un alma muy especial en el camino.",
    teaser: "El camino de vuelta guarda una sorpresa muy especial.",
    content: `<p>El camino de regreso fue muy distinto al de ida. Los pétalos brillaban tanto que parecía de día, y por todas partes se veían almas caminando contentas hacia el puente: señoras con canastas, niños con papalotes, músicos con sus guitarras y hasta un perrito que saludó a Taquito moviendo la cola.</p>
<p>Tinskani los esperaba en el lago de estrellas, que otra vez estaba lleno de luz. Esta vez su red de mariposa venía vacía. —Ya no hay luces perdidas que pescar —dijo, sonriendo—. Creo que me voy a tomar unas vacaciones.</p>
<p>Choc se despidió en la orilla, con lágrimas de todos los colores. —Prométanme que van a pintar alebrijes —dijo—. Así sabré que se acuerdan de mí.</p>
<p>Al llegar al puente de pétalos, Valentina vio a un señor con sombrero de fiesta que caminaba despacio, deteniéndose a oler las flores. Taquito corrió hacia él y el señor se agachó a rascarle detrás de las orejas, justo donde a Taquito le gustaba.</p>
<p>—Tú debes ser Valentina —dijo el señor. Tenía la misma sonrisa de la foto de la ofrenda—. Tu abuela me habla mucho de ti cada año. Gracias por arreglar el camino. Este año casi no llego.</p>
<p>Valentina lo abrazó fuerte. Olía a tierra mojada y a pan dulce. —Abuelo Chema —susurró—, la abuela te hizo tamales de los que te gustan.</p>
<p>—Entonces apurémonos —dijo el abuelo, guiñándole un ojo—. Que ya casi amanece.</p>`,
    requiredUrlText: "Escanea el código QR al final del capítulo 12 del libro.",
    decorativeImage: "",
    numberImage: "/images/numbers/12.svg",
    images: [
      {
        src: "/images/chapters/de-regreso-al-inicio-1.svg",
        alt: "Almas con velas caminando por el puente de pétalos",
        description:
          "Señoras con canastas, niños con papalotes y músicos con guitarras caminan contentos por el puente iluminado.",
      },
      {
        src: "/images/chapters/de-regreso-al-inicio-2.svg",
        alt: "El abuelo Chema saluda a Taquito",
        description: "El abuelo Chema, con su sombrero de fiesta, le rasca a Taquito detrás de las orejas.",
      },
    ],
    background: "",
    commentPrompt: "¿A quién te gustaría encontrarte en el puente de pétalos?",
    hidden: false,
  },
  {
    id: "capitulo-13",
    title: "La puerta",
    subtitle: "El espejo se está cerrando y sólo hay tiempo para cruzar una vez",
    description:
      "La puerta del espejo se hace cada vez más pequeña. Para cruzarla, Valentina necesitará la ayuda de Xólotl, el perro del atardecer.",
    teaser: "El tiempo se acaba y sólo hay una oportunidad.",
    content: `<p>Al final del puente, la puerta del espejo flotaba en el aire, pero ya no era grande como antes: era del tamaño de un plato, y se encogía un poquito cada vez que Valentina parpadeaba.</p>
<p>—Se cierra con el primer rayo del sol —explicó Doña Catrina—. Los vivos tienen que estar de su lado antes del amanecer. Si no, tendrán que esperar aquí un año entero.</p>
<p>El abuelo Chema ya había cruzado hacia la ofrenda, como hacen todas las almas esa noche. Pero Valentina y Taquito eran de carne y hueso, y la puerta era demasiado pequeña para ellos.</p>
<p>Entonces se oyó un aullido largo y dorado. Por el puente venía caminando un perro enorme, de piel oscura como la de Taquito, pero con los ojos encendidos como el atardecer. Cada uno de sus pasos dejaba huellas de luz.</p>
<p>—Es Xólotl —dijo Doña Catrina, haciendo una reverencia—. El que acompaña al sol cuando baja al inframundo. Y el abuelo de todos los xolos.</p>
<p>Xólotl miró a Taquito, y Taquito se sentó muy derecho, como cuando le piden la pata. El perro gigante olfateó la antorcha que Valentina todavía llevaba. —Esta luz ya cumplió su trabajo —dijo—. Ahora puede cumplir uno más.</p>
<p>Valentina levantó la antorcha hacia el espejo. La llama azul y dorada tocó el borde de la puerta, y la puerta empezó a crecer y a crecer, hasta ser tan alta como la de la casa de la abuela. Valentina abrazó a Doña Catrina, le dio las gracias a Xólotl y, con Taquito a su lado, <strong>cruzó</strong>.</p>`,
    requiredUrlText: "Escanea el código QR al final del capítulo 13 del libro.",
    decorativeImage: "",
    numberImage: "/images/numbers/13.svg",
    images: [
      {
        src: "/images/chapters/la-puerta-1.svg",
        alt: "La puerta del espejo, pequeña como un plato",
        description: "La puerta del espejo se encoge un poquito cada vez que Valentina parpadea. ¡Ya casi amanece!",
      },
      {
        src: "/images/chapters/la-puerta-2.svg",
        alt: "Xólotl, el gran perro del atardecer",
        description: "Xólotl llega por el puente dejando huellas de luz. Es el abuelo de todos los xolos.",
      },
    ],
    background: "",
    commentPrompt: "Si tuvieras que esperar un año en el inframundo, ¿qué harías allá?",
    hidden: false,
  },
  {
    id: "capitulo-14",
    title: "El Echéndaro",
    subtitle: "De vuelta en el mundo de los vivos, donde huele a pan y a cempasúchil",
    description:
      "Valentina y Taquito regresan al Echéndaro, el mundo de los vivos, justo a tiempo para el amanecer del 2 de noviembre.",
    teaser: "El final de la aventura… y el comienzo de una promesa.",
    content: `<p>Valentina cayó sentada sobre el tapete de la sala, con Taquito encima. El espejo detrás de ellos volvía a ser sólo un espejo, y en él se veían los dos, despeinados y llenos de pétalos.</p>
<p>Por la ventana entraba la primera luz de la mañana. Los purépechas llaman Echéndaro al mundo de en medio, el de los vivos, el que está entre el cielo y el inframundo. Valentina nunca había estado tan contenta de estar en él.</p>
<p>En la cocina, la abuela Lupe ya estaba despierta, calentando chocolate. Cuando vio a su nieta, no preguntó nada. Sólo miró los pétalos en su pelo, sonrió despacito y señaló la ofrenda.</p>
<p>Los tamales del abuelo Chema tenían una mordida. Junto a la foto había un pétalo que todavía brillaba un poco, como una brasa a punto de dormirse.</p>
<p>—Cada año viene —dijo la abuela—. Pero este año llegó más contento que nunca. Algo me dice que alguien le ayudó.</p>
<p>Esa tarde, Valentina cumplió su promesa: puso en la ofrenda una vela nueva, una galleta de animalitos y un dibujo de un murciélago sonriente. La abuela levantó una ceja, pero no dijo nada. Taquito se echó junto a la vela, como quien cuida algo importante.</p>
<p>Y esa noche, cuando todos dormían, una sombra pequeña con alas pasó frente a la ventana, dio tres vueltas… y se fue muy despacio, <em>sin apagar ninguna luz</em>.</p>`,
    requiredUrlText: "Escanea el código QR al final del capítulo 14 del libro.",
    decorativeImage: "",
    numberImage: "/images/numbers/14.svg",
    images: [
      {
        src: "/images/chapters/el-echendaro-1.svg",
        alt: "Amanece sobre Tzintzuntzan y el lago",
        description: "La primera luz del 2 de noviembre ilumina las yácatas, el lago y los tejados de Tzintzuntzan.",
      },
      {
        src: "/images/chapters/el-echendaro-2.svg",
        alt: "Una vela nueva y un murciélago dibujado en la ofrenda",
        description: "Una promesa cumplida: una vela nueva, una galleta y el dibujo de un murciélago sonriente.",
      },
    ],
    background: "",
    commentPrompt: "¿Qué promesa te gustaría cumplir tú el próximo Día de Muertos?",
    hidden: false,
  },
  {
    id: "capitulo-especial",
    title: "Capítulo especial",
    subtitle: "Lo que Taquito vio (contado por Taquito)",
    description:
      "Un capítulo secreto para quienes llegaron hasta aquí: la aventura del Mictlán contada desde la nariz de Taquito.",
    teaser: "Un capítulo secreto para quienes llegan hasta el final del libro.",
    content: `<p>Hola. Soy Taquito. Los humanos creen que los perros no sabemos contar historias, pero eso es porque no saben oler las palabras. Yo sí. Y esta historia huele a cempasúchil, a galleta de animalitos y a un poquito de murciélago.</p>
<p>Lo primero que tienen que saber es que yo lo supe todo desde el principio, desde que la mariposa se paró en la ventana del camión. Las monarcas huelen a viaje largo, y esa olía a viaje larguísimo, de esos que sólo hacen los que vienen del otro lado. Por eso no le ladré. <strong>A las visitas no se les ladra.</strong></p>
<p>Lo segundo es que no tuve miedo cuando Camazotz me llevó. Bueno, sólo un poquito. Pero en su cueva descubrí que olía igual que yo cuando me dejan solo en la azotea: a tristeza de esperar. Por eso le meneé la cola. Y por eso fui dejando pétalos: no sólo para que Valentina me encontrara, sino para que Camazotz viera cómo es un camino que lleva hacia alguien.</p>
<p>Ahora, cada año, hay una vela de más en la ofrenda de la abuela. Yo la cuido toda la noche. Y si un día ustedes ven un murciélago pequeño dando tres vueltas frente a su ventana, no se asusten: pónganle una galletita. <em>A las visitas no se les ladra.</em></p>`,
    requiredUrlText: "Termina el libro para descubrir este capítulo secreto.",
    decorativeImage: "/images/chapters/capitulo-especial.svg",
    numberImage: "",
    images: [
      {
        src: "/images/chapters/capitulo-especial-1.svg",
        alt: "Taquito cuenta su versión de la historia",
        description: "Taquito, sentado junto a la ofrenda, está listo para contar lo que vio con su nariz.",
      },
      {
        src: "/images/chapters/capitulo-especial-2.svg",
        alt: "Un murciélago pequeño frente a una ventana con una vela",
        description: "Un murciélago pequeño da tres vueltas frente a la ventana. A las visitas no se les ladra.",
      },
    ],
    background: "",
    commentPrompt: "¿Qué parte de la aventura te gustaría que contara otro personaje?",
    hidden: true,
  },
];
