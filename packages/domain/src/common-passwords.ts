/**
 * The most common passwords, normalised the way `normalisePassword` normalises a candidate (lower
 * case, leading and trailing digits and symbols removed, at least 3 characters left): 4390 bases taken from
 * the 5,000 most frequent passwords of the xato-net 10-million list, as shipped by
 * @zxcvbn-ts/language-common 4.1.3 (MIT). Bundled so the check needs no network; regenerate by
 * normalising the top of that list again. Space-separated to keep the file small.
 */
export const COMMON_PASSWORD_BASES = `
password qwerty dragon baseball abc football monkey letmein shadow master michael mustang qwertyuiop
pussy superman qaz2wsx fuckyou jordan qazwsx jennifer qwe killer trustno hunter harley zxcvbnm
asdfgh buster andrew batman soccer tigger charlie robert sunshine thomas iloveyou fuckme ranger
daniel hockey george computer michelle jessica starwars asshole pepper klaster zxcvbn freedom
princess joshua maggie pass ginger fuck amanda ashley love cheese nicole summer matthew chelsea
dallas biteme matrix william yankees taylor corvette austin access martin heather thunder merlin
secret diamond hello anthony hammer fucker qwer silver gfhjkm justin patrick richard bailey internet
samantha golfer scooter test orange cookie q1w2e3r4t maverick jackson sparky mickey phoenix bigdog
snoopy guitar whatever chicken morgan andrea camaro mercedes peanut ferrari cowboy falcon welcome
samsung sexy steelers joseph smokey dakota melissa arsenal boomer eagles tigers marina nascar booboo
gateway porsche yellow monster spider diablo hannah bulldog junior london purple compaq lakers
iceman hardcore cowboys money banana ncc boston brandon tennis johnny miller q1w2e3r coffee scooby
edward nikita mother yamaha brandy barney chester fuckoff oliver charles player knight forever
steven rangers midnight chicago bigdaddy redsox victoria badboy angel please fender chris jasper
james slayer rabbit natasha rachel bigdick marine wizard marlboro raiders prince casper fishing
flower crystal jasmine panties iwantu adidas winner winter gandalf enter ghbdtn q2w3e4r angela mike
golden lauren cocacola winston madison angels blowme panther sexsex bigtits spanky bitch shannon
sophie johnson asdfasdf david horny thx toyota tiger murphy dick canada danielle blowjob jonathan
liverpoo muffin cooper apples jackie dennis black passw0rd john abcd sandra pokemon slipknot carlos
qazxsw scorpion qwaszx nathan butter startrek rainbow asdfghjkl razz redskins newyork gemini cameron
qazwsxedc florida liverpool turtle nicholas viking booger wilson sierra butthead doctor rocket
victor dolphins captain bandit jaguar packers pookie peaches asdf blue dolphin helpme tucker theman
tiffany maxwell jeremy qwertyui shithead debbie albert maddog lovers monica alex united giants
nirvana metallic hotdog rosebud mountain benjamin warrior stupid elephant suckit success bond
jackass bonnie alexis porn lucky jason scorpio samson q1w2e rush azerty freddy driver willie calvin
q2w3e4r5t sydney gators dexter red bubba creative golf voodoo happy arthur trouble america nissan
gunner rebecca stella garfield gordon jessie bullshit parker asdfghjk fucking apollo jack eminem
december legend airborne beavis august bear apple brooklyn godzilla skippy buddy qwert kitten magic
shelby beaver phantom fred nothing asdasd williams xavier braves darkness blink travis copper tomcat
platinum qweqwe girls bigboy green power animal police online voyager lifehack fish sniper trinity
walter blazer heaven lover snowball playboy bubbles loveme hooters cricket marvin willow donkey
topgun nintendo saturn family november gabriel destiny pakistan pumpkin digital sergey chance
explorer redwings private therock runner tits lasvegas guinness beatles fire cassie christin celtic
broncos andrey babygirl nelson donald scott eclipse cartman fluffy louise michigan testing carolina
little samuel alexande birdie steve cherry pantera sharon gibson vampire mexico dickhead peter
buffalo montana genius beer flyers maximus school minecraft lovely stalker metallica doggie carter
kristina kimberly spencer speedy barbara snickers sabrina carmen marcus bronco yankee friends
paradise lol dreams magnum horses cool caroline lacrosse goober member qwertyu enigma scotty pimpin
bollocks brian cock surfer sammy genesis poohbear dave star asd qweasdzxc baby racing friend hawaii
eagle billy viper october vanessa poopoo einstein boobies stanley walker bitches paul drowssap
stephen courtney simple alaska badger action jake bill denise jester spitfire drummer forest
patricia maryjane champion diesel svetlana rock friday kevin mark gregory pamela frank hotrod chevy
anderson douglas westside security google badass shorty tester thumper hitman mozart general reddog
boobs zaq12wsx music lizard alexander melanie ruslan vincent sweet teresa scarface marshall olivia
veronica porno buddha spirit frankie stargate antonio liberty natalie mercury naruto suzuki semperfi
king popcorn spooky marley system brittany claudia kelly scotland free kitty cherokee vikings
simpsons death leslie rascal qweasd jimmy loveyou hummer allison rocky patches russia adrian jupiter
penguin cumshot howard passion honda vfhbyf andre vladimir franklin sandman infinity homer bastard
raider passport assman sucker fantasy bulldogs horney domino budlight ironman disney norman
usuckballz softball bishop francis brutus ford redrum brooke bigred jeffrey jesus fktrcfylh karina
marines kawasaki digger ireland oksana fireman cougar college shit alicia russell houston monday
bradley cunt sarah nigger justice super wildcats tinker duncan dancer logitech avalon swordfis
everton reggie motorola alexandr molly timothy hentai claire patriots madonna colorado eugene ducati
kermit juventus indian connor galore freeuser smooth house titanic boogie simpson warcraft wolverin
elizabet arizona saints valentin georgia asdfg accord matt baxter denver mitchell christ yfnfif slut
smith stinky zachary roland naughty ncc1701d spiderma chopper brenda extreme virginia water skyline
poop zombie pearljam froggy pirate fylhtq vision awesome alyssa dreamer predator bullet empire wolf
kirill people penis elvis panthers skipper nemesis peekaboo rasdzv simon alison rolltide american
cardinal arnold chevelle daddy psycho danger mookie wanker manutd tommy hobbes vegeta goblue burton
fyfcnfcbz picard bobby windows loverboy lovelove vfrcbv victory bambam turkey serega tweety hiphop
galina changeme rooster polina berlin suckme taurus electric ronald avatar mine raptor alpha maksim
spring brazil eric bigcock newport hard kenneth hendrix madmax england a1b2c sublime britney france
darkside bigman hercules lawrence wolfpack classic lincoln ronaldo spiderman q2w3e blizzard cheyenne
wombat cjkysirj raymond brother kristen pandora devils zxc simone holiday wildcat horse kramer
sterling caesar alabama carrie bondage basketball sports pussycat pickle catch leather shaggy
a1b2c3d chronic flowers qaz qqq robbie admin gracie amber freepass airplane perfect kodiak billybob
katana sunset crazy good stingray maria anna snowman phpbb chocolat zeppelin garcia detroit wolves
pontiac candy firebird vagina gundam panzer outlaw time pretty fisher connie honey business trevor
redhead hardon greenday tarheels nastya hellfire cobra engineer savage service serenity sasha
michele dude lickme fireball white remember darkstar miranda flash harvey oscar strike freddie
pavilion beauty bobafett adam dbrnjhbz jeff bigmac duke clinton bowling jenny natali future harrison
jones wallace swimming apache rulez pyramid dodgers girl whynot fuckit defender teens morris trooper
cancer precious packard lucifer popeye weasel raven icecream stewart tanner swordfish blonde sandy
presario rockstar viktor manager cheryl norton control wutang airforce julian atlanta pimp spike
thailand looking casino paris mouse lennon bluebird theone hawkeye hacker lisa dustin elaine nfnmzyf
sailor catfish goldfish maxima tattoo barbie light design pervert machine herman wrangler rocks
trucks nipples roscoe tornado jerry lights bubble cadillac madman orlando pegasus target longhorn
laura philip browns eatme stefan cannon dilbert baller microsoft winnie christia katie shooter
xfiles qazqaz lesbian street seattle corona amateur cthutq prelude beach malibu freaky assassin
integra atlantis pussies dragons iloveu unicorn lonewolf regina stealth kristin tony peewee openup
bobcat stacey software newton leonardo student srinivas angelina young enjoy valentina trigger
zaqwsx lolita athena shotgun coyote bruins veronika dollar country joker babydoll lestat wordpass
hottie smiley potter random sweety butterfly woody chipper snake samurai video gizmo maddie devildog
valerie mistress flipper express powers soso123aljg cessna teacher goldie moose polaris piglet
cookies elena montreal hjvfirf ladies wolfgang fatboy scully father single wicked daisy fetish
foobar castle tickle bunny pepsi balls transam dfvgbh oicu impala sunday booty hotstuff ronnie
jasmin ryan gambit toshiba basketba lancer birthday texas stephani hooker knicks roberto stinger
testtest kathleen savannah shamrock benson squirt deftones trucker nick redneck goldberg alfred
blaster siemens shelly renegade manson subaru ibanez blondie hamilton casey swinger reaper cristina
minnie mylove harry galaxy lindsay dudley farmer gloria special blahblah enterpri travel babylon
bigone sweetpea sugar smoke skeeter fucked indiana great ficken trfnthbyf freeman curtis smitty
marino joanne bigfoot escort babes check larisa trumpet tristan spartan asdfghj sister valera stormy
paladin andreas cavalier marathon hamlet aardvark butterfl bigboobs mister manchester rusty napoleon
seven indigo hornet skater jerome pierre wonder toronto rose indians karate buckeyes julie hesoyam
fredfred charger highland sweetie holland qaz2wsx3edc chiefs diamonds buckeye aurora hotsex campbell
griffin brandi redman passwor chandler drpepper monika maiden elizabeth leonard bernie brown
pornstar garden storm autumn linda thuglife millie jungle pencil tomtom insane pizza timber sherlock
mariah audrey a2b3c hamster aragorn pioneer techno catdog lollol triumph sidney fktrctq none sophia
morpheus island wetpussy hobbit blabla erotic aaron pascal sampson consumer justme marion stones
chrissy tyler nadine marie goforit burger pitbull kelsey adgjmptw spartak german karen kissme
hunting kaiser martha colors artist harold bass italia sammie barcelona mario nicolas virgin pebbles
sundance isabella overlord emerald callie doggy irina racecar isabelle germany goddess change wesley
nipple basket joejoe holly poison zipper alpine shirley element huskers marcel eddie danny christy
pussys sakura chichi inside ultimate dirty nicola ncc1701e blackie omega watson rommel geronimo
nikki caserta trojan philips sergio nugget tarzan bassman warren trixie chicks aleksandr cream
webster help sherry manuel portugal dodger anakin bobbob bomber michel madness superfly q1w2e3r4t5y
loser florence yvonne fatcat global ybrbnf energy desire wrinkle soldier bianca sexual warlock
martina babe andrei larry seminole peace alejandr westham concrete harris margaret hector christop
naked ladybug network bernard weed tintin qazxswedc trombone chuck pleasure rhbcnbyf home history
bluesky sherman logan january onelove cotton christian cdtnkfyf sunny archie holden whore brianna
vfvjxrf titans stallion lindsey singer truck smile party missy hansolo angelo joanna natalia beagle
phillip panama smiles juice qawsed inferno moon mongoose connect kingkong snatch flatron sex4me
bluemoon turbo rocker personal emily blessed snakes dominic joey forget finger beetle jamaica
alberto mulder jamie susan immortal head passat plastic dietcoke spunky suck long whiskey monitor
giovanni cactus ripper spyder markus planet teen patton exigen sticky waters sluts nolimit daniela
hollywoo abigail morrison katrina trunks andy assass always diana deedee clifford april speed japan
mission pickles million sailing freak holmes bonehead fernando ghbdtnbr charlott delta yomama darren
rubber newman faster cumming bertha memphis sylvia open ilovesex maurice hongkong olga jumper unreal
geheim rodney nylons sebastia pentium legion shalom kennedy brooks movie dodge dream graham sprite
curious pacific loulou funtime philly ferret niners orion werewolf milton cantona kingdom stars
africa office boeing gilbert abgrtyu pirates sheila french sweets cooldude palmer eternity lollipop
tottenha stocking monique anything foster irish jackoff biscuit drizzt camera columbia fossil moomoo
makaveli tracey colt robinson isabel martini salmon shasta jersey verbatim maniac snapper satan
nasty solomon patriot jacob standard shaved blackcat asdzxc punkrock raistlin infantry dillon gerald
twister ricardo waterloo cjkywt clayton crimson serena oxford maxmax denis flight condor seinfeld
silvia biggie maxine musicman ravens teddy colleen bruce wolfman sharks megadeth cosmos velvet butt
keeper foxtrot garrett damien anton sesame skywalke gn56gn banshee cats squirrel wolverine dogs
sunrise rick ghost western grendel sucks roxanne privet legolas frog felix marlin stone herbert
lvbnhbq qazwsxed carrot blades frosty stardust helena brownie groovy penny butler coolio twilight
daytona licker peanuts intrepid pikachu trains mollie vanhalen jericho hershey strider lobster
punisher grace bird zaq bottom ninja murray kansas shogun goblin search neptune ball showtime darwin
amadeus suzanne fuckfuck oldman bruno showme henry getsome muscle obiwan support rfrfirf skittles
ekaterina gold whitney shark maestro anal danni tanker english tarheel fighter thanks hannibal
capital newlife anubis gothic chaos blues cindy sabine roman preston princes brendan slick evelyn
python richie tequila boss cody devil clover delete mirage blood surfing q2w3e4r5t6y bentley
portland potato baggins review porter chubby panasonic sandiego sooners buffy buck tina derrick
penelope blackdog harmony fusion dima mature malcolm allen mary buttons a2b3c4d californ safety
playtime dagger moscow swallow warriors byteme stimpy gangster lucas christine turner iverson lester
chargers liquid mushroom cracker dingdong misty nymets robin bigguy mobile tazman greg nimrod
newpass miami crusader bugger stranger dkflbvbh anastasia marco volume masters monroe miguel doodle
collins powder archer gotcha battle dublin slapshot guardian janice charly septembe photos knights
short angelica nookie milano scarlett stuart damian grizzly camille scruffy brasil latino kittycat
poopie munchkin lorenzo rammstein bananas barcelon santiago thegame hell world gerard picasso walnut
kolobok blackman wisdom trance starcraft parrot quality blade pink auburn goodluck eatshit dorothy
dusty engine coltrane gorilla wheels katerina tamara postal fuck_inside luther carlo cassidy
discover oakland spanking osiris dumbass shaney lonestar ping bridge bingo bender annie stonecol
dookie meridian sally megaman racerx rjntyjr sirius firefly julia alexandra madrid terry griffey
women phoebe zaq1xsw weezer beautiful violet ledzep lowrider randy gangsta ghjcnj paradox tacobell
loving catalina vertigo halflife carson sergei shiloh johnjohn sobaka buffett aliens sadie chucky
bonjour kangaroo jazz josh thompson sinner socrates keyboard stevie jeep trebor finish dark luke
sprint shazam lady national celica scarlet formula hoover sommer frances hotboy cynthia qwerasdf
penguins rebels fuckface elwood melvin vacation kiss ragnarok bollox lexmark mailcreated lorraine
claude rockon duck dodgeram tacoma romeo wookie prodigy tempest vfhecz flames sebastian colombia
bang kitkat oblivion mystery sithlord server molson mustangs incubus smoker window scoobydo rescue
bigballs zxcv carpet titleist richmond director lawyer megan juan magnolia celeste melinda lucy
wright jimbob golfing kenny roger bobbie xanadu tardis blueeyes hearts dixie pooper shaman mersedes
springer imagine janine kenwood dogg garbage martinez topper roberts lizzie ashton elliott oracle
sheena chloe nuttertools mallard analsex shemale mikey asterix faith monkeys imperial jimbo cooler
grateful gillian peterpan kingston yourmom sleepy gremlin printer hudson pa55word stud freckles
birdman aussie esther defiant margarita deadhead polo anime tatyana jackal frogger bridget wayne
research tobias mariners rootbeer blondes donnie katrin weather aspirine frederic parola photo
children account israel stephanie shaolin noodles celine willy willis forgot hallo mandy rogers
palace santos ohyeah magnus laurie creampie amazon kisses queen ludwig fatass plymouth justdoit
assfuck nellie putter broken nopass letsgo bryan bones tatiana camel champs lightnin massive camelot
bosco deanna gizmodo spidey caliente aezakmi goodtime mypass roller catherin active pooh payton
lonely redalert brucelee smokin porkchop astros aquarius thankyou atomic fletcher shopping a1s2d3f
mason marian vanilla unknown sapphire temple marvel beckham qazwsxedcrfv kaktus myself sooner blacky
hastings blackjac aggies scream picture judith iforgot kasper cxfcnmt bangkok shitty spectrum eduard
vader jammer painter primus veritas ernest kristi chevrole amsterdam slappy valley pete hitler
clancy spankme granny avenger usa rosemary husker candyman beatrice scrappy simba falcons dylan
front harder atlantic labrador smudge syracuse southern melody timmy elijah center darling throat
stuff fatman krishna sanchez pancho gator pacman commando vulcan bush clitoris lemons alice j4ye3uz
boner keith odessa barkley monopoly method kelley sara punkin pineappl celtics lesbians space
gangbang bennett area lick flyboy hamburg aaa asian carol spartans tricky romashka snuggles boat
infiniti anders billie life drago blake hermes jesse goose jeremiah vivian annette homerun dead
forrest carolyn topcat hayden cosworth vectra grover goodbye charlotte cuddles bossman horndog
doberman gary telefon dawg qawsedrf ivanov durango peugeot franco kyle plumber bell rbhbkk pauline
exigent laguna emmanuel webmaster bowler leopard strong theking redbull alan pics beast viktoria
breeze topdog starbuck dance dalton fuckers hungry beefcake reality gjkbyf speaker shelley godsmack
clarence writer loveit kingpin nokia valhalla night starfish anarchy herbie blacks content sailboat
desert fitness brando bohica achilles tractor ncc1701a drake bull hidden kicker labtec napass bart
pa55w0rd amelia tuesday frontier swingers caitlin muppet terror legacy farside terminator bella
matilda kentucky doughboy ramona butthole phillies jrcfyf camels dannyboy oakley nebraska latin
double qwertyuio sabbath chang pinkfloy homers striker looker fallen maryland luckydog azamat
september iguana oklahoma moloko agent vfrcbvrf javier vette daniil command rhonda studio pistol
miles skiing franky stoner conrad select tanya houses boris puppy elliot charmed vladik nathalie
whocares maynard vkontakte ihateyou puppies zidane eileen dilligaf crash mandingo moneys tyrone
funny nevada kotenok mystic california budman church carlton rafael technics bone stick golfball
rookie panda laptop today jennie triton river trojans bunghole zvezda hurrican central stripper dale
filter jethro snow gustav ivan escape hawk igor aberdeen shane lespaul rfnthbyf enterprise butch
dthjybrf cutter splash handsome oilers randall cash nofear cupcake excalibu momoney gbpltw bigger
belinda svetik possum metal moocow brothers bethany keystone babyboy flamingo firefox bogdan ccbill
passwort soleil lancelot vipers marilyn tdutybq juliet leader madden russian australia sabina chase
coolman babies skinny zaphod kamikaze verona bacon noodle rebel doobie designer deadman attack
vortex killme dogman gopher somethin danila reagan cancel torres freaks azsxdc sassy donna dracula
play poncho bearbear boots engage deskjet bradford hammers deeznuts warhammer tight justine ralph
fabian lewis blueblue marissa oregon bubbas sinatra hilton meatball mailman dawson columbus manchest
cthulhu macdaddy mighty michaela grandma ready sterlin cartoon summit sentinel tolkien bicycle blow
beverly breast lickit kathy meghan universe capone jenna julius wendy bryant truelove helen nancy
eatpussy hailey chair bowser kathryn sexygirl fernand eleven rockets billyboy military demon davis
jamesbon iloveyo traffic saint redhot microsof sonic miracle microlab gofish pantyhos pilot lifetime
rugby mayday aikido nina conner cutlass tree thekid theodore titties sweden function polska danie
gang market scotch lansing elvira bloody sexx hustler anfield coke smut catman bonita tracy sony
fast cheers tinman airbus peters china azsxdcfv santana hayley station gabrie scottie orioles
charlton saun fortuna dfkthbz rustam warlord retard fatima ultima kong bigmoney rotten betty grumpy
oranges superstar fordf asdfjkl boxing xtreme denali selena zxcasd huskies terminal wilbur kristy
wildfire vladislav bikini thor hollywood mayhem sultan gretchen figaro sixers sparta saratoga
running cloud models mojo greenbay cancun marlene trinidad tammy chewie hope number feet crunch
bigbird mellon bigtime fashion piccolo fabie rjirfrgbde rovers meatloaf hyperion sandro rightnow
jarhead armani treasure miriam hansen natural lisalisa sport bizkit maradona sayang charli rfhbyf
utopia anaconda japanese camilla coconut govols emerson memory catherine jedi cosmo cruise giant
ricky dragoon woofwoof giorgi packer poontang illini christopher davids zaqxsw pedro sticks revenge
exodus reebok chanel albatros cabbage goku wally beaner quincy greens tomato toby chief richards
adriana kenworth deborah down cooter dinosaur holyshit eeyore movies dana lionking creamy adult
poodle tsunami happyday knopka bogart corrado volley chickens orgasm whisper flying first chocolate
walleye hopper sean twisted chaser memorex ericsson jensen positive crazybab science frisco dong
jose zorro romance sherwood shania rereirf sausage milana tasha vfvekz profit zenith fugazi junebug
clemson polniypizdec tootsie fktrcfylhf comics zxcasdqwe vfczyz werner aspire hardrock condom cocks
rachael gringo anhyeuem madeline rich becky canon february alien harper stocks marcos clapton
roberta coleman applepie skywalker fubar theresa koshka tundra vitalik arjay gmoney bigsexy ingrid
pillow fingers samiam dean davidson skorpion candle nobody hellyeah better australi drew rockhard
boob easy bears sparkle johanna everest rfrnec hedgehog wolfie surf fart yosemite marisa voyeur
baddog brad jazzman dicks tool temp cheetah qa2ws3ed slacker steele mikemike wood pooppoop barsik
valeria deniska br0d3r fright karolina kirsten vfksirf kume kenshin bootie cyclone starship monty
balloon maxell dildo rupert milena bonsai lion salvador greatone vernon cent slider lillian admiral
cecilia stolen albion boys midget fuckin freeporn nikola hithere damnit dinamo francois cheng calico
duchess scratch powell stefano fortune nyjets artemis robotech roadkill backdoor rastaman fiesta
felicia alliance fletch jerkoff killbill goliath cinnamon rambler malaka tekken sojdlg123aljg
carrera bangbang jeanette marc fritz ramses operator shado duster spank wibble alibaba mechanic
keywest sword amsterda hal bristol pingpong rasputin marianne hooter tara rctybz sanders faggot
krista presto majestic nguyen fowler passwords buttman spurs carl pompey trident viagra kipper
kingfish gotohell angie guest garage heidi mattie slutty isaiah steeler wrestlin pooter divine emma
route clipper charley macross railroad lineage oleg seamus swimmer jokers thursday chico solnce erik
kimber guiness pussie mathew nature matador sparks typhoon hank retired subway slave ivanova ghetto
florian vermont tang ktyjxrf lolipop spears yzerman peterson magick phillips cinder nwo4life shearer
pupsik dfkthf allsop city grapes pippen belle chad venus kcj9wx5n sex dammit barry caveman critter
underdog r2d2c3po skydive renault onlyme murder snoopdog jayhawk hotshot caramel broadway kinky
theboss fuckher train trout ding umbrella feather credit splinter depeche seeker fuckthis respect
crysis direct animals chemical cyclops chivas jamesbond blackhaw passpass sinclair team megapass
beanie translator helloo magicman cunts phil fishes supersta giuseppe caligula kill juggalo frozen
quattro usmc meredith java wassup rosie bullseye saturday pornos cohiba floppy alucard deacon heart
tabitha kristine tunafish xbox dkflbckfd kickass vietnam kendall pearl safari gonzo crawford bob
klingon rain looser goalie damage maureen west dawn tazmania cigars facial deepthroat malina silence
samara dfktynbyf fang cruiser vector tommyboy jean banker horizon chainsaw button bigbear forfun
abraham astrid carole andres sharky royals christina small misfit work yousuck louis fallout scania
maxx nudist getmoney budweise song believe brighton absolut kungfu kostya monaco gunners vfhufhbnf
mamapapa minime blueboy penthous chrisbln steph whitey europa jade bertie daphne groucho champ benny
grant mirror village trader stroke walrus susanne sabres nipper woman floyd snowboar undertaker
flounder moneyman patty bottle kahuna canadian viewsonic coolguy rules downtown wagner strange
fabric trisha italian ybrjkfq cypress eastside sneakers passme topher golfgolf barber sinbad frodo
panasoni craig alfa mybaby skidoo massimo back jillian cat sparrow senior dalejr thecat fucku
snapple mondeo leanne emmitt thanatos z1x2c ghjcnjnfr maximum smegma thesims whitesox chong bonkers
poseidon musica doug johannes gargoyle olivier hambone bluedog intruder sunnyday cyber compute kids
smelly spawn wapbbs answer studly poppy paper simona solution newcastl adonis goodman sexxxx europe
goldstar again quantum buckshot static dollars titanium erica danzig jabroni library journey beastie
chrono dang edwards jane gunnar federico korn custom lance assholes daewoo jess briana watcher
albina sunflowe dorian babyblue premier staples nike stereo westwood usnavy boomboom fresh sasuke
dharma pisces motherlode multiplelo hang bike sapper scanner marius zeus racer callaway user bayern
rover lamont rivers snoop over walmart micheal starfire theend steel erotica aaliyah doogie renee
paintbal paint tyson newbie knickers lokomotiv hotred ufkbyf laurel shawn wasser jessic thirteen
rjycnfynby avalanch outkast truman magpie scout philippe poetry havefun michell cubbies losers
hotpussy deejay fghtkm droopy blossom allmine zerocool janet tomorrow godfather abby greece second
reading greene sascha busted ming bimmer original cbr ocean anne builder demons nitram pudding
bounce donuts jeanne idontknow audia aleksey vfvfgfgf leonid smokes mylife beerbeer sims redfish
working rodman beaches x2zkg8w hairy contact start luis bogey prissy gegcbr tights insert carla
dante beretta francesc jewels searay padres celeron mittens quartz ziggy diehard micron syncmaster
cornell christie stunner rtyuehe hoosier zxasqw peyton paintball bing monalisa queens terrapin a1s2d
spongebob buzz attitude backup whisky clevelan ling cedric marin barefoot artur chuckles barrett
meathead bigass titty gretzky kosmos cfitymrf biggles cambiami thongs blessing what aleksandra
twinkle gladiator gollum southpark rabota mazafaka goodboy carbon scuba tango stoney brent weaver
will volvo footbal pianoman gaston casanova traveler clark stumpy hawkeyes clarinet looney mommy
maggot felipe bucket eduardo freeze sound sexyman johnboy dian snapon deeznutz warthog vegas rooney
futbol filthy steam carina mustard boricua meowmeow maste mellow sunshin bengals combat goofy
whatsup sauron krystal alina prophet loco lovesex twins triangle booker reefer nickel venice xander
strip valencia lord rhiannon smeghead valeri andromeda qwas diver cerberus sputnik groove lambert
usarmy more tiberius zigzag sting bean welder radio petra focus gabriell candice salamander eternal
motley resident hayabusa marcia rambo together rainman poochie purdue redwood ripple buzzard wang
redwing boobie juliette monke hokies phish crjhgbjy jagger rockford shou tuan goldwing brewster
bermuda zero thegreat proxy confused badgirl lola bacardi derek whiskers spaceman starman trial
karma claudio qw34er allstar carolin gesperrt lynn swords rasta wildman nikolay kang slinky
wrestling mohammed pinhead hacked sersolution overkill rhfcjnrf mishka montgom banane person public
fester something lions helmet ripken frisky changed games higgins trapper piper windsor supreme
ib6ub kaylee athens norway runescape oasis jill hurley lightning dbrnjh shun chun darius chip hill
midway kool hoosiers vinnie recovery cicero napster lionel amazing tracker laser adrienne roadking
menace secure stoned thedog sacred squash nice smoking pony feng illusion woohoo medicine antoine
leavemealone bagira megatron orchid reader comet clown zippy company doghouse stacy wild army maxim
paula bravo buddah jaybird chuckie look morning dino peach todd hanna chuang mortgage idiot heineken
saleen rulezzz massage sonics moonlight butts motherfucker pobeda benfica poker kashmir realmadrid
balloons optimus chunky gsxr tinkerbell chou shai common starter brewer babyface pants gregor
dogfood hardcock deluxe bigmike blackbir bookworm hampton jeffery salomon godfathe meister angus
intel seahawks talisman blackjack eraser collin pissing hawaiian zhong mian michae berger alphabet
tricia beautifu misha maryann adams jenn riley xxx really mortimer tongue century sancho remote
darkman buddie roadrunn pizzas lexus medusa health stalin toledo cubswin dutch lilly beowulf
charlene willia christmas pool handyman f**k pacers unique eleanor clouds cgfhnfr breasts chinook
just4me nuts wedding calgary dutchess heckfy max ludmila gong nova shell lori site because cheater
famous delphi cathy wareagle martine gromit sponge ashlee valkyrie yoda glory passwd idontkno smiths
mohamed teddybea killers boxster five dragonball babybaby mermaid satana bhbirf foryou qazzaq hong
puddin chao shang zhei quan inuyasha stanford peacock assword misery desiree barnes sullivan beamer
diggler medical wishbone circle property ripley thedude fisting alexia beemer jayden gameover
redline venera salsero lust fytxrf sergi kittykat spanish sinister india vedder gonavy manowar
novell lang colonel rancid diao chrome friendly destroy titten electra polly geoffrey eureka onetime
phone katherine otto lakota claymore hotbox asia banner madina manuela bitchass ruby sporting
bartman matthews checkers playing carmel gabriela dfcbkbq nimbus wrestle bulls jktymrf alexalex
preacher gamecube mustafa svoboda circus armagedon alenka playstation z1x2c3v leng qing cong zheng
magical park claudi rhtdtlrj pablo thumbs camper doitnow goaway subzero charity hootie face pissoff
jammin beth blackout crow darrell cocaine bcfields skylar rolling loaded milkman lotus davide
bigbutt electron johann cheeks skate silverad lighter hassan pothead gobucks squall thunderb courage
pippin ghostrider antoni kaitlyn neng peng miao teng xuan xiao reynolds cannabis xerxes ipswich
ninjas mango farley lucille pinky jimmie nude dieter annika mitch southpar marika dickie jetski
finance tdutybz dianne forward jenkins bright absolute bilbo musashi ferris iamgod lipstick laurence
mandarin quest tottenham adults yfnfkmz kleopatra tulips nong piao ruan zhuang chai dirtbike sheba
pickup dwayne othello mari katherin forum sonny rider warner northern cinema cameltoe petrov
bluefish fuzzy pheonix iscool secrets elite toon modena bert marsha slippery kissing caravan divorce
tank beatle jump akira sanfran qaz2ws cheech badman samtron paloma yang dolores sveta shadows
mollydog annabell starcraf ghblehjr vasilisa jameson chuai deng qiao zhou zhun jiang luan sang ying
beans slim illinois warning ebony meat jockey deadpool hillary bearcat caprice farscape evan bigtit
lassie zappa sander nicol sunflower hopeless sheriff carpedie bank asdfzxcv sherri march barton
shepherd gatorade keegan high toolman barker spectre pussey nuggets borussia mantis banzai ariana
flexible mullet graphics fyutkbyf mancity templar stories yfcntymrf fergie records thedoors
ugd5hip2j gawker pussyman skyler elizaveta colton huai seng xiang zhuai guai solo moritz monte lemon
strength talon rhino susana sonoma three mack spinner allan keller webmaste grease augustus raquel
alejandro chimera rufus stretch ticket bacchus kendra twenty corsair kinder argentina corleone zhai
spice vampires domain iomega heater hover ltybcrf artemka xxxpass qiong ting hippie jing reng tian
tong poland deutsch babylove becker speedo brett oceans slapper letter harvard bonjovi mazda virtual
cosmic leon snuffy blaze sergeant dragonba stonecold hellos jacques register buttercu huang millions
millwall patience chrysler merlot bullfrog latinas xyz istanbul phoeni ashleigh kotaku universal
noelle binladen artem shanghai castro ceng chuo jiong xiong shei meng hans wraith pierce jayhawks
kilroy amateurs dotcom cattle daemon ntktajy barbados renata thoma balance chan nomore pdtplf canyon
kayla jackpot mets pulsar baron marker chippy nightmare monarch hamish aubrey reds knockers dipshit
alexey malone athlon hubert chevrolet vadim everett napoli myname belly cobalt counter dialog
augusta smokie cristian coolness cougars screen criminal hardware ramones bobdylan ning capslock
rong zaraza ciccio teddybear alisha gfhjkmgfhjkm chui liang pian niao
`;

let bases: ReadonlySet<string> | undefined;

/** Lower case without leading and trailing digits and symbols: 'Password@123' -> 'password'. */
export function normalisePassword(password: string): string {
  return password.toLowerCase().replace(/^[^a-z]+|[^a-z]+$/g, '');
}

/** True for a password that is, or only decorates with digits and symbols, a very common one. */
export function isCommonPassword(password: string): boolean {
  bases ??= new Set(COMMON_PASSWORD_BASES.split(/\s+/).filter(Boolean));
  return bases.has(normalisePassword(password));
}
